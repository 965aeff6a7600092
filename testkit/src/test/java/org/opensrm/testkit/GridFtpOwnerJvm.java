package org.opensrm.testkit;

import java.nio.file.Path;

/**
 * A JVM that starts a GridFTP door and never closes it, for {@link TestProcessesEndWithTheirJvmTest}: prints
 * {@code PID <daemon pid> PORT <port>}, then either exits when a line comes on its stdin ({@code exit}) or waits to
 * be killed ({@code wait}).
 */
public final class GridFtpOwnerJvm {
    private GridFtpOwnerJvm() {
    }

    public static void main(String[] args) throws Exception {
        TestGrid grid = TestGrid.create(Path.of(args[0]));
        GridFtpServerProcess door = GridFtpServerProcess.start(grid.gridFtpServer("door").build());
        System.out.println("PID " + door.pid() + " PORT " + door.port());
        System.out.flush();
        if (args[1].equals("exit")) {
            new java.io.BufferedReader(new java.io.InputStreamReader(System.in)).readLine();
            System.exit(0); // without door.close(): the test checks that the door ends anyway
        }
        Thread.sleep(Long.MAX_VALUE); // the scenario: the owner JVM lives on until the test kills it
    }
}
