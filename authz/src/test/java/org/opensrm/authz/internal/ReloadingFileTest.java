package org.opensrm.authz.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReloadingFileTest {
    @TempDir
    Path dir;

    /** Parses "a number per line", failing on anything else; counts parses. */
    private final AtomicInteger parses = new AtomicInteger();
    private final ReloadingFile.Parser<Integer> sumOfLines = (file, content) -> {
        parses.incrementAndGet();
        int sum = 0;
        String[] lines = content.split("\n");
        for (int i = 0; i < lines.length; i++) {
            try {
                sum += lines[i].isBlank() ? 0 : Integer.parseInt(lines[i].strip());
            } catch (NumberFormatException e) {
                throw new MalformedFileException(i + 1, "not a number");
            }
        }
        return sum;
    };

    /** Rewrites the file and moves its mtime on, so the change shows even on coarse-timestamp filesystems. */
    private static void rewrite(Path file, String content) throws IOException {
        FileTime before = Files.getLastModifiedTime(file);
        Files.writeString(file, content);
        Files.setLastModifiedTime(file, FileTime.fromMillis(before.toMillis() + 2000));
    }

    private ReloadingFile<Integer> reloading(Path file, Duration interval) {
        return new ReloadingFile<>("test file", file, sumOfLines, interval);
    }

    @Test
    void changeIsPickedUp() throws IOException {
        Path file = Files.writeString(dir.resolve("numbers"), "1\n2\n");
        ReloadingFile<Integer> numbers = reloading(file, Duration.ZERO);
        assertEquals(3, numbers.get());
        rewrite(file, "1\n2\n3\n");
        assertEquals(6, numbers.get());
    }

    @Test
    void unchangedFileIsNotParsedAgain() throws IOException {
        Path file = Files.writeString(dir.resolve("numbers"), "5\n");
        ReloadingFile<Integer> numbers = reloading(file, Duration.ZERO);
        for (int i = 0; i < 100; i++) {
            assertEquals(5, numbers.get());
        }
        assertEquals(1, parses.get());
    }

    @Test
    void fileIsLookedAtAtMostOncePerInterval() throws IOException {
        Path file = Files.writeString(dir.resolve("numbers"), "1\n");
        ReloadingFile<Integer> numbers = reloading(file, Duration.ofHours(1));
        rewrite(file, "2\n");
        assertEquals(1, numbers.get(), "the interval has not passed");
        assertEquals(2, numbers.checkNow());
        assertEquals(2, numbers.get());
    }

    @Test
    void changeIsPickedUpAfterTheInterval() throws Exception {
        Path file = Files.writeString(dir.resolve("numbers"), "1\n");
        ReloadingFile<Integer> numbers = reloading(file, Duration.ofMillis(50));
        rewrite(file, "7\n");
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (numbers.get() != 7 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(7, numbers.get());
    }

    @Test
    void halfWrittenFileKeepsLastGoodUntilFixed() throws IOException {
        Path file = Files.writeString(dir.resolve("numbers"), "1\n2\n");
        ReloadingFile<Integer> numbers = reloading(file, Duration.ZERO);
        rewrite(file, "1\n2\n3\nfo");
        assertEquals(3, numbers.get());
        assertEquals(3, numbers.get());
        assertEquals(2, parses.get(), "a bad version is parsed once, not on every call");
        rewrite(file, "1\n2\n3\n4\n");
        assertEquals(10, numbers.get());
    }

    @Test
    void atomicReplacementIsPickedUpEvenWithSameSizeAndTime() throws IOException {
        Path file = Files.writeString(dir.resolve("numbers"), "1\n");
        ReloadingFile<Integer> numbers = reloading(file, Duration.ZERO);
        Path next = Files.writeString(dir.resolve("numbers.new"), "9\n");
        Files.setLastModifiedTime(next, Files.getLastModifiedTime(file));
        Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        assertEquals(9, numbers.get());
    }

    @Test
    void vanishedFileKeepsLastGoodAndReturns() throws IOException {
        Path file = Files.writeString(dir.resolve("numbers"), "4\n");
        ReloadingFile<Integer> numbers = reloading(file, Duration.ZERO);
        Files.delete(file);
        assertEquals(4, numbers.get());
        assertEquals(4, numbers.get());
        Files.writeString(file, "8\n");
        assertEquals(8, numbers.get());
    }

    @Test
    void missingFileAtStartIsAClearError() {
        Path missing = dir.resolve("no-such-file");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> reloading(missing, Duration.ZERO));
        assertTrue(e.getMessage().contains("test file " + missing), e.getMessage());
    }

    @Test
    void unreadableFileAtStartIsAClearError() throws IOException {
        Path directory = Files.createDirectory(dir.resolve("a-directory"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> reloading(directory, Duration.ZERO));
        assertTrue(e.getMessage().contains(directory.toString()), e.getMessage());
    }

    @Test
    void malformedFileAtStartNamesFileAndLine() throws IOException {
        Path file = Files.writeString(dir.resolve("numbers"), "1\n2\nthree\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> reloading(file, Duration.ZERO));
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("line 3"), e.getMessage());
    }

    @Test
    void negativeIntervalIsRefused() throws IOException {
        Path file = Files.writeString(dir.resolve("numbers"), "1\n");
        assertThrows(IllegalArgumentException.class, () -> reloading(file, Duration.ofMillis(-1)));
    }
}
