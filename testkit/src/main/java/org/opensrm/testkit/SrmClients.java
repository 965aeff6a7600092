package org.opensrm.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.opensrm.testkit.internal.ProcessRunner;

/**
 * Runs the real grid clients as processes with a {@link ClientEnvironment}: the gfal2 command-line tools, Python
 * scripts against python3-gfal2, the ARC data tools and globus-url-copy. Every call returns a {@link ClientRun};
 * none throws on a non-zero exit. Immutable; {@link #withProxy} and {@link #withTimeout} derive variants.
 *
 * <pre>{@code
 * SrmClients clients = new SrmClients(ClientEnvironment.builder()
 *         .proxy(aliceProxy).trustDir(pki.trustDir()).home(tmp.resolve("home")).build());
 * ClientRun ls = clients.gfal("gfal-ls", "-l", "srm://localhost:" + port + "/data");
 * assertTrue(ls.ok(), ls.describe());
 * }</pre>
 */
public final class SrmClients {
    /**
     * gfal2 clients (the gfal tools and python3-gfal2 scripts) run Globus in its non-threaded model. gfal2 selects
     * "pthread" unless {@code GLOBUS_THREAD_MODEL} is set; then freeing the gfal2 context at the end of a command
     * (GridFTPFactory::clear_cache, globus_ftp_client_handle_destroy) only starts the close of the cached GridFTP
     * control connection, and nothing waits for it: a Globus callback thread may still be deleting the connection's
     * GSI context (gss_delete_sec_context, ASN1_item_free) while the main thread runs exit() and OPENSSL_cleanup
     * frees what it points into. glibc then aborts the client, after its work is done, with "free(): invalid
     * pointer" or "munmap_chunk(): invalid pointer" (exit 134), about once in 250 gfal-copy runs on two busy cores.
     * Without Globus threads, callbacks run only inside gfal2's own waits, so nothing runs alongside exit().
     */
    private static final String GLOBUS_THREAD_MODEL = "GLOBUS_THREAD_MODEL";
    private static final String PYTHON = "/usr/bin/python3";
    private static final String BDII_CONF = "bdii.conf";

    private final ClientEnvironment env;
    private final ProcessRunner runner;

    /** Creates {@code HOME} and the ARC client configuration in it. */
    public SrmClients(ClientEnvironment env) {
        this.env = env;
        this.runner = new ProcessRunner(env.home().resolve(".runs"));
        try {
            prepareHome(env);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare client HOME " + env.home(), e);
        }
    }

    public ClientEnvironment environment() {
        return env;
    }

    /** The same clients acting with another proxy (same HOME, trust directory and timeouts). */
    public SrmClients withProxy(Path proxy) {
        return new SrmClients(env.toBuilder().proxy(proxy).build());
    }

    /** The same clients with another per-command timeout. */
    public SrmClients withTimeout(Duration timeout) {
        return new SrmClients(env.toBuilder().timeout(timeout).build());
    }

    /**
     * A gfal2 command-line tool: {@code gfal("gfal-ls", "-l", url)} or {@code gfal("ls", "-l", url)}. Useful
     * flags: {@code -t SECONDS} (global timeout), {@code -v}/{@code -vvv} (verbose, shows the SRM calls),
     * {@code -D "SRM PLUGIN:OPERATION_TIMEOUT=30"} (any gfal2 config key). With {@code -v} the tools print their
     * log lines (WARNING, INFO, {@code event:}) on stdout, among the results.
     */
    public ClientRun gfal(String tool, String... args) throws IOException {
        return run(command(tool.startsWith("gfal-") ? tool : "gfal-" + tool, args));
    }

    /** {@code /usr/bin/python3 -c script args...}; the script may {@code import gfal2}; args are in {@code sys.argv[1:]}. */
    public ClientRun gfalPython(String script, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(PYTHON, "-c", script));
        cmd.addAll(List.of(args));
        return run(cmd);
    }

    /**
     * An ARC data tool: {@code arcls}, {@code arccp}, {@code arcmkdir}, {@code arcrm}, {@code arcrename}. Useful
     * flags: {@code -t SECONDS}, {@code -d DEBUG} (shows the SOAP exchanges), {@code -l} (arcls long listing).
     */
    public ClientRun arc(String tool, String... args) throws IOException {
        if (!tool.startsWith("arc")) {
            throw new IllegalArgumentException("not an ARC tool: " + tool);
        }
        return run(command(tool, args));
    }

    /** {@code globus-url-copy args...}, e.g. {@code globusUrlCopy("file:///tmp/x", gridftp.url("/tmp/y"))}. */
    public ClientRun globusUrlCopy(String... args) throws IOException {
        return run(command("globus-url-copy", args));
    }

    /** Any command in the client environment, with the configured timeout; gfal2 clients as described above. */
    public ClientRun run(List<String> command) throws IOException {
        return runner.run(command, variables(command), env.home(), env.timeout());
    }

    /**
     * Starts a command in the client environment without waiting, e.g. to kill a transfer in its middle:
     * {@code try (RunningClient cp = clients.start(List.of("gfal-copy", src, dst))) { ...; cp.kill(); }}.
     * The configured timeout still bounds it: {@link RunningClient#await} kills it past that.
     */
    public RunningClient start(List<String> command) throws IOException {
        return runner.start(command, variables(command), env.home(), env.timeout());
    }

    /** The environment for {@code command}: a gfal2 client also gets {@code GLOBUS_THREAD_MODEL=none}. */
    Map<String, String> variables(List<String> command) {
        Map<String, String> vars = new LinkedHashMap<>(env.variables());
        if (isGfal2Client(command.get(0))) {
            vars.putIfAbsent(GLOBUS_THREAD_MODEL, "none"); // an explicit ClientEnvironment value wins
        }
        return vars;
    }

    private static boolean isGfal2Client(String program) {
        String name = Path.of(program).getFileName().toString();
        return name.startsWith("gfal-") || name.equals(Path.of(PYTHON).getFileName().toString());
    }

    private static List<String> command(String program, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(program);
        cmd.addAll(List.of(args));
        return cmd;
    }

    /**
     * A private copy of {@code /etc/gfal2.d} with {@code [BDII] ENABLED=false}: otherwise gfal2 may resolve a short
     * SURL through the public BDII named in the system configuration, and tests must only talk to loopback.
     */
    private static void writeGfalConfig(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path system = Path.of("/etc/gfal2.d");
        if (Files.isDirectory(system)) {
            try (DirectoryStream<Path> files = Files.newDirectoryStream(system, "*.conf")) {
                for (Path f : files) {
                    if (Files.isRegularFile(f) && !f.getFileName().toString().equals(BDII_CONF)) {
                        Files.copy(f, dir.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
        }
        Files.writeString(dir.resolve(BDII_CONF), "# written by the OpenSRM test kit: no BDII lookups\n"
                + "[BDII]\nENABLED=false\n");
    }

    private static void prepareHome(ClientEnvironment env) throws IOException {
        Path arc = Files.createDirectories(env.home().resolve(".arc"));
        // proxy and CA directory come from X509_USER_PROXY / X509_CERT_DIR, which ARC honours and its Globus-based
        // gridftp plugin needs anyway; so one HOME serves several users' proxies.
        Files.writeString(arc.resolve("client.conf"), "[common]\n"
                + "cacertificatesdirectory=" + env.trustDir() + "\n"
                + "timeout=" + Math.max(1, env.arcTimeout().toSeconds()) + "\n");
        writeGfalConfig(env.gfalConfigDir());
        // an empty vomses file silences ARC's "Can not find voms service configuration file" warning
        Path vomses = arc.resolve("vomses");
        if (!Files.exists(vomses)) {
            Files.createFile(vomses);
        }
    }
}
