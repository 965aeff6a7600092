package org.opensrm.core.space.contract;

import org.junit.jupiter.api.Nested;

/**
 * Every {@link org.opensrm.core.space.SpaceStore} contract suite, one nested class per operation. An implementation
 * binds them all by extending this class and implementing {@link #newFixture}.
 */
public abstract class SpaceStoreContracts {

    /** A new fixture over empty storage; called before every test of every suite. */
    protected abstract SpaceStoreFixture newFixture() throws Exception;

    @Nested
    class Create extends CreateContract {
        @Override
        protected SpaceStoreFixture createFixture() throws Exception {
            return newFixture();
        }
    }

    @Nested
    class Declare extends DeclareContract {
        @Override
        protected SpaceStoreFixture createFixture() throws Exception {
            return newFixture();
        }
    }

    @Nested
    class Load extends LoadContract {
        @Override
        protected SpaceStoreFixture createFixture() throws Exception {
            return newFixture();
        }
    }

    @Nested
    class Update extends UpdateContract {
        @Override
        protected SpaceStoreFixture createFixture() throws Exception {
            return newFixture();
        }
    }

    @Nested
    class Find extends FindContract {
        @Override
        protected SpaceStoreFixture createFixture() throws Exception {
            return newFixture();
        }
    }

    @Nested
    class Allocate extends AllocateContract {
        @Override
        protected SpaceStoreFixture createFixture() throws Exception {
            return newFixture();
        }
    }

    @Nested
    class Free extends FreeContract {
        @Override
        protected SpaceStoreFixture createFixture() throws Exception {
            return newFixture();
        }
    }

    @Nested
    class Files extends FilesContract {
        @Override
        protected SpaceStoreFixture createFixture() throws Exception {
            return newFixture();
        }
    }

    @Nested
    class Expired extends ExpiredContract {
        @Override
        protected SpaceStoreFixture createFixture() throws Exception {
            return newFixture();
        }
    }

    @Nested
    class Reopen extends ReopenContract {
        @Override
        protected SpaceStoreFixture createFixture() throws Exception {
            return newFixture();
        }
    }
}
