package org.opensrm.loadtest;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.opensrm.loadtest.internal.ReportWriter;

/** {@code srm-loadtest}: parses the command line, runs the load test, writes the reports. */
public final class LoadTestMain {
    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> environment;

    public LoadTestMain(PrintStream out, PrintStream err, Map<String, String> environment) {
        this.out = out;
        this.err = err;
        this.environment = environment;
    }

    public static void main(String[] args) {
        System.exit(new LoadTestMain(System.out, System.err, System.getenv()).run(args));
    }

    /** @return the process exit status: 0 done, 1 failure, 2 usage error */
    public int run(String[] args) {
        Optional<LoadTestConfig> parsed;
        try {
            parsed = new CommandLine(environment).parse(args);
        } catch (CommandLine.UsageException e) {
            err.println("srm-loadtest: " + e.getMessage());
            err.println("try --help");
            return 2;
        }
        if (parsed.isEmpty()) {
            out.print(CommandLine.USAGE);
            return 0;
        }
        LoadTestConfig config = parsed.get();
        try {
            List<LevelResult> results = new LoadTest(config, new ConsoleProgress(out)).run();
            List<Path> files = new ReportWriter().write(config.outputDir(), results, config.targets());
            files.forEach(f -> out.println("wrote " + f));
            return 0;
        } catch (IOException | GeneralSecurityException e) {
            err.println("srm-loadtest: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("srm-loadtest: interrupted");
            return 1;
        }
    }
}
