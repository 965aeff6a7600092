package org.opensrm.core;

import org.junit.jupiter.api.Nested;
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

/** Every request store contract suite, bound to the embedded store (SQLite). */
class EmbeddedStoreContractsTest {
    @Nested
    class Create extends CreateContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return new EmbeddedFixture();
        }
    }

    @Nested
    class Load extends LoadContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return new EmbeddedFixture();
        }
    }

    @Nested
    class Update extends UpdateContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return new EmbeddedFixture();
        }
    }

    @Nested
    class FindByOwner extends FindByOwnerContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return new EmbeddedFixture();
        }
    }

    @Nested
    class Tokens extends TokensContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return new EmbeddedFixture();
        }
    }

    @Nested
    class Expired extends ExpiredContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return new EmbeddedFixture();
        }
    }

    @Nested
    class Purge extends PurgeContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return new EmbeddedFixture();
        }
    }

    @Nested
    class Reopen extends ReopenContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return new EmbeddedFixture();
        }
    }

    @Nested
    class ForEach extends ForEachContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return new EmbeddedFixture();
        }
    }
}
