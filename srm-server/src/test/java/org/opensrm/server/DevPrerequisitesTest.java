package org.opensrm.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code --dev} finds missing on a host, told from the files the Debian packages install. */
class DevPrerequisitesTest {
    @TempDir
    Path root;

    private void install(String absolute) throws Exception {
        Path f = root.resolve(absolute.substring(1));
        Files.createDirectories(f.getParent());
        Files.writeString(f, "");
    }

    @Test
    void aBareHostLacksTheDoorTheToolsAndThePlugins() {
        List<String> missing = DevPrerequisites.missing(root);
        assertEquals(List.of("globus-gridftp-server-progs", "gfal2-util-scripts", "gfal2-plugin-srm",
                "gfal2-plugin-gridftp", "gfal2-plugin-file"), missing);
        String refusal = DevPrerequisites.refusal(missing);
        assertTrue(refusal.contains("apt-get install --no-install-recommends globus-gridftp-server-progs "
                + "gfal2-util-scripts gfal2-plugin-srm gfal2-plugin-gridftp gfal2-plugin-file"), refusal);
        assertTrue(refusal.contains("nothing was started"), refusal);
    }

    @Test
    void eachPackageIsRecognisedByAFileItInstalls() throws Exception {
        install("/usr/sbin/globus-gridftp-server");
        install("/usr/bin/gfal-copy");
        install("/usr/lib/x86_64-linux-gnu/gfal2-plugins/libgfal_plugin_srm.so");
        install("/usr/lib64/gfal2-plugins/libgfal_plugin_file.so");
        assertEquals(List.of("gfal2-plugin-gridftp"), DevPrerequisites.missing(root));
        install("/usr/lib/aarch64-linux-gnu/gfal2-plugins/libgfal_plugin_gridftp.so");
        assertEquals(List.of(), DevPrerequisites.missing(root));
    }

    @Test
    void thisTestHostHasThemAll() {
        assertEquals(List.of(), DevPrerequisites.missing(Path.of("/")), "bin/setup-test-host installs them");
    }

    @Test
    void theXrootdDoorIsOptionalAndNamedWithItsInstallLineWhenMissing() throws Exception {
        List<String> missing = DevPrerequisites.missingForXrootd(root);
        assertEquals(List.of("xrootd-server", "xrootd-server-plugins", "gfal2-plugin-xrootd", "gfal2-plugin-http"),
                missing);
        String note = DevPrerequisites.noXrootdDoor(missing);
        assertTrue(note.startsWith("No XRootD door") && note.contains("apt-get install --no-install-recommends "
                + "xrootd-server xrootd-server-plugins gfal2-plugin-xrootd gfal2-plugin-http"), note);
        install("/usr/bin/xrootd");
        install("/usr/lib/x86_64-linux-gnu/libXrdHttp-5.so");
        install("/usr/lib/x86_64-linux-gnu/gfal2-plugins/libgfal_plugin_xrootd.so");
        install("/usr/lib/x86_64-linux-gnu/gfal2-plugins/libgfal_plugin_http.so");
        assertEquals(List.of(), DevPrerequisites.missingForXrootd(root));
        assertEquals(List.of(), DevPrerequisites.missingForXrootd(Path.of("/")), "bin/setup-test-host installs them");
    }
}
