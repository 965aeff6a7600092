package org.opensrm.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The Debian packages {@code srm-server --dev} needs beside Java: the GridFTP door it starts, and the gfal2
 * tools and plugins its printed lines use. Each is recognised by a file it installs, so the check works without
 * dpkg. The launcher refuses to start when any is missing, naming them and the command that installs them.
 */
final class DevPrerequisites {
    private record Need(String debianPackage, Predicate<Path> present) {
    }

    private static final List<Need> NEEDS = List.of(
            new Need("globus-gridftp-server-progs", root -> isFile(root, DevGridFtpDoor.EXECUTABLE.toString())),
            new Need("gfal2-util-scripts", root -> isFile(root, "/usr/bin/gfal-copy")),
            new Need("gfal2-plugin-srm", root -> hasGfalPlugin(root, "libgfal_plugin_srm.so")),
            new Need("gfal2-plugin-gridftp", root -> hasGfalPlugin(root, "libgfal_plugin_gridftp.so")),
            new Need("gfal2-plugin-file", root -> hasGfalPlugin(root, "libgfal_plugin_file.so")));

    /** What the XRootD door and the gfal2 lines printed for it need; without them --dev starts no XRootD door. */
    private static final List<Need> XROOTD = List.of(
            new Need("xrootd-server", root -> isFile(root, DevXrootdDoor.EXECUTABLE.toString())),
            new Need("xrootd-server-plugins", root -> hasLibrary(root, DevXrootdDoor.HTTP_PLUGIN)),
            new Need("gfal2-plugin-xrootd", root -> hasGfalPlugin(root, "libgfal_plugin_xrootd.so")),
            new Need("gfal2-plugin-http", root -> hasGfalPlugin(root, "libgfal_plugin_http.so")));

    private DevPrerequisites() {
    }

    /** The packages of the XRootD door missing on the host (empty: --dev starts one). */
    static List<String> missingForXrootd(Path root) {
        List<String> out = new ArrayList<>();
        for (Need n : XROOTD) {
            if (!n.present().test(root)) {
                out.add(n.debianPackage());
            }
        }
        return out;
    }

    /** What the development server prints when it starts no XRootD door. */
    static String noXrootdDoor(List<String> missing) {
        return "No XRootD door (root:// and https:// TURLs): not installed: " + String.join(" ", missing)
                + "\n  install them with:  " + ("root".equals(System.getProperty("user.name")) ? "" : "sudo ")
                + "apt-get install --no-install-recommends " + String.join(" ", missing) + "\n\n";
    }

    /** The packages missing on the host whose file system starts at {@code root} ({@code /} but in tests). */
    static List<String> missing(Path root) {
        List<String> out = new ArrayList<>();
        for (Need n : NEEDS) {
            if (!n.present().test(root)) {
                out.add(n.debianPackage());
            }
        }
        return out;
    }

    /** What the launcher prints when packages are missing. */
    static String refusal(List<String> missing) {
        return "--dev needs these Debian packages, which are not installed: " + String.join(" ", missing)
                + "\n  install them with:  " + ("root".equals(System.getProperty("user.name")) ? "" : "sudo ")
                + "apt-get install --no-install-recommends " + String.join(" ", missing)
                + "\n(nothing was started)";
    }

    private static boolean isFile(Path root, String absolute) {
        return Files.isRegularFile(root.resolve(absolute.substring(1)));
    }

    private static boolean hasLibrary(Path root, String library) {
        for (String lib : List.of("usr/lib", "usr/lib64")) {
            Path dir = root.resolve(lib);
            if (Files.isRegularFile(dir.resolve(library))) {
                return true;
            }
            try (Stream<Path> arches = Files.isDirectory(dir) ? Files.list(dir) : Stream.empty()) {
                if (arches.anyMatch(a -> Files.isRegularFile(a.resolve(library)))) {
                    return true;
                }
            } catch (IOException e) {
                // an unreadable library directory holds no plug-in we can use
            }
        }
        return false;
    }

    private static boolean hasGfalPlugin(Path root, String library) {
        for (String lib : List.of("usr/lib", "usr/lib64")) {
            Path dir = root.resolve(lib);
            if (Files.isRegularFile(dir.resolve("gfal2-plugins").resolve(library))) {
                return true;
            }
            try (Stream<Path> arches = Files.isDirectory(dir) ? Files.list(dir) : Stream.empty()) {
                if (arches.anyMatch(a -> Files.isRegularFile(a.resolve("gfal2-plugins").resolve(library)))) {
                    return true;
                }
            } catch (IOException e) {
                // an unreadable library directory holds no plugin we can use
            }
        }
        return false;
    }
}
