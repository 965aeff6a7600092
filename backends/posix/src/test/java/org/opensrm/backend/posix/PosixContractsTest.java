package org.opensrm.backend.posix;

import org.junit.jupiter.api.Nested;
import org.opensrm.backend.contract.AccessContract;
import org.opensrm.backend.contract.BackendFixture;
import org.opensrm.backend.contract.ChecksumContract;
import org.opensrm.backend.contract.ContainmentContract;
import org.opensrm.backend.contract.DeleteContract;
import org.opensrm.backend.contract.DropBoxContract;
import org.opensrm.backend.contract.ListContract;
import org.opensrm.backend.contract.MkdirContract;
import org.opensrm.backend.contract.OwnershipContract;
import org.opensrm.backend.contract.RenameContract;
import org.opensrm.backend.contract.RmdirContract;
import org.opensrm.backend.contract.SetModeContract;
import org.opensrm.backend.contract.SpaceContract;
import org.opensrm.backend.contract.StatContract;

/** Every backend contract suite, bound to {@link PosixBackend}. */
class PosixContractsTest {

    @Nested
    class Stat extends StatContract {
        @Override
        protected BackendFixture createFixture() {
            return new PosixFixture();
        }
    }

    @Nested
    class List extends ListContract {
        @Override
        protected BackendFixture createFixture() {
            return new PosixFixture();
        }
    }

    @Nested
    class Mkdir extends MkdirContract {
        @Override
        protected BackendFixture createFixture() {
            return new PosixFixture();
        }
    }

    @Nested
    class Rmdir extends RmdirContract {
        @Override
        protected BackendFixture createFixture() {
            return new PosixFixture();
        }
    }

    @Nested
    class Delete extends DeleteContract {
        @Override
        protected BackendFixture createFixture() {
            return new PosixFixture();
        }
    }

    @Nested
    class Rename extends RenameContract {
        @Override
        protected BackendFixture createFixture() {
            return new PosixFixture();
        }
    }

    @Nested
    class SetMode extends SetModeContract {
        @Override
        protected BackendFixture createFixture() {
            return new PosixFixture();
        }
    }

    @Nested
    class Access extends AccessContract {
        @Override
        protected BackendFixture createFixture() {
            return new PosixFixture();
        }
    }

    @Nested
    class Checksum extends ChecksumContract {
        @Override
        protected BackendFixture createFixture() {
            return new PosixFixture();
        }
    }

    @Nested
    class Space extends SpaceContract {
        @Override
        protected BackendFixture createFixture() {
            return new PosixFixture();
        }
    }

    @Nested
    class Containment extends ContainmentContract {
        @Override
        protected BackendFixture createFixture() {
            return new PosixFixture();
        }
    }

    @Nested
    class Ownership extends OwnershipContract {
        @Override
        protected BackendFixture createFixture() {
            return new PosixFixture();
        }
    }

    @Nested
    class DropBox extends DropBoxContract {
        @Override
        protected BackendFixture createFixture() {
            return new PosixFixture();
        }
    }
}
