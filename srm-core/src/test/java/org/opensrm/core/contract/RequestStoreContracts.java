package org.opensrm.core.contract;

import org.junit.jupiter.api.Nested;

/**
 * Every {@link org.opensrm.core.RequestStore} contract suite, one nested class per operation. An implementation
 * binds them all by extending this class and implementing {@link #newFixture}.
 */
public abstract class RequestStoreContracts {

    /** A new fixture over empty storage; called before every test of every suite. */
    protected abstract StoreFixture newFixture() throws Exception;

    @Nested
    class Create extends CreateContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return newFixture();
        }
    }

    @Nested
    class CreateChanged extends CreateChangedContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return newFixture();
        }
    }

    @Nested
    class Load extends LoadContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return newFixture();
        }
    }

    @Nested
    class Update extends UpdateContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return newFixture();
        }
    }

    @Nested
    class FindByOwner extends FindByOwnerContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return newFixture();
        }
    }

    @Nested
    class Tokens extends TokensContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return newFixture();
        }
    }

    @Nested
    class ForEach extends ForEachContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return newFixture();
        }
    }

    @Nested
    class Expired extends ExpiredContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return newFixture();
        }
    }

    @Nested
    class Purge extends PurgeContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return newFixture();
        }
    }

    @Nested
    class Reopen extends ReopenContract {
        @Override
        protected StoreFixture createFixture() throws Exception {
            return newFixture();
        }
    }
}
