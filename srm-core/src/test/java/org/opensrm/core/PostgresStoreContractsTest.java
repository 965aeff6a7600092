package org.opensrm.core;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.core.contract.CreateContract;
import org.opensrm.core.contract.LoadContract;
import org.opensrm.core.contract.UpdateContract;
import org.opensrm.core.contract.FindByOwnerContract;
import org.opensrm.core.contract.TokensContract;
import org.opensrm.core.contract.ExpiredContract;
import org.opensrm.core.contract.PurgeContract;
import org.opensrm.core.contract.ReopenContract;
import org.opensrm.core.contract.ForEachContract;
import org.opensrm.core.contract.StoreFixture;

/** Every request store contract suite, bound to the PostgreSQL store on a real PostgreSQL. */
class PostgresStoreContractsTest {
    @RegisterExtension
    static final SharedPostgres PG = new SharedPostgres();

    @Nested
    class Create extends CreateContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return PG.newFixture();
        }
    }

    @Nested
    class Load extends LoadContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return PG.newFixture();
        }
    }

    @Nested
    class Update extends UpdateContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return PG.newFixture();
        }
    }

    @Nested
    class FindByOwner extends FindByOwnerContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return PG.newFixture();
        }
    }

    @Nested
    class Tokens extends TokensContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return PG.newFixture();
        }
    }

    @Nested
    class Expired extends ExpiredContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return PG.newFixture();
        }
    }

    @Nested
    class Purge extends PurgeContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return PG.newFixture();
        }
    }

    @Nested
    class Reopen extends ReopenContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return PG.newFixture();
        }
    }

    @Nested
    class ForEach extends ForEachContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return PG.newFixture();
        }
    }
}
