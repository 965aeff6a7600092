package org.opensrm.core.full;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** A {@link FullModeFixture} per test in fresh directories, closed after it; the test starts full mode. */
abstract class FullModeTestBase {
    @TempDir
    Path root;
    @TempDir
    Path state;
    FullModeFixture fx;

    @BeforeEach
    void makeFixture() throws Exception {
        fx = new FullModeFixture(root, state);
    }

    @AfterEach
    void closeFixture() throws Exception {
        fx.close();
    }
}
