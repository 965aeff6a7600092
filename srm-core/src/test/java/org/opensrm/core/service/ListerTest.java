package org.opensrm.core.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.Adler32;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.backend.posix.PosixBackend;
import org.opensrm.backend.posix.PosixBackendConfig;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;

class ListerTest {
    private static final String HOST = "srm.example.org";
    private static final Caller ALICE = new Caller(ClientIdentity.of("/DC=org/DC=example/CN=Alice"),
            LocalAccounts.SRMUSER1);

    @TempDir
    Path root;
    private PosixBackend backend;
    private final SurlParser surls = new SurlParser(List.of(HOST));

    @BeforeEach
    void setUp() throws Exception {
        LocalAccounts.own(root, new org.opensrm.common.Account("root", 0, 0, Set.of(0)), "rwxr-xr-x");
        backend = new PosixBackend(PosixBackendConfig.builder(root).build());
        // /tree/{a.txt, b.txt, sub/{c.txt, deeper/{d.txt}}}
        Path tree = LocalAccounts.dir(root.resolve("tree"), LocalAccounts.SRMUSER1);
        LocalAccounts.file(tree.resolve("a.txt"), LocalAccounts.SRMUSER1, bytes("a"));
        LocalAccounts.file(tree.resolve("b.txt"), LocalAccounts.SRMUSER1, bytes("bb"));
        Path sub = LocalAccounts.dir(tree.resolve("sub"), LocalAccounts.SRMUSER1);
        LocalAccounts.file(sub.resolve("c.txt"), LocalAccounts.SRMUSER1, bytes("ccc"));
        Path deeper = LocalAccounts.dir(sub.resolve("deeper"), LocalAccounts.SRMUSER1);
        LocalAccounts.file(deeper.resolve("d.txt"), LocalAccounts.SRMUSER1, bytes("dddd"));
        // /many/f00 .. f24
        Path many = LocalAccounts.dir(root.resolve("many"), LocalAccounts.SRMUSER1);
        for (int i = 0; i < 25; i++) {
            LocalAccounts.file(many.resolve(String.format("f%02d", i)), LocalAccounts.SRMUSER1, bytes("x" + i));
        }
    }

    @AfterEach
    void tearDown() throws Exception {
        backend.close();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String surl(String path) {
        return "srm://" + HOST + path;
    }

    private LsResult ls(int maxEntries, String path, LsOptions options) throws SrmException {
        return new Lister(backend, surls, maxEntries, UploadsInProgress.NONE).ls(ALICE, List.of(surl(path)), options);
    }

    private static List<String> names(List<PathDetail> details) {
        return details.stream().map(PathDetail::path).toList();
    }

    private static List<String> allPaths(PathDetail d) {
        List<String> out = new ArrayList<>();
        for (PathDetail c : d.children()) {
            out.add(c.path());
            out.addAll(allPaths(c));
        }
        return out;
    }

    @Test
    void levelsZeroGivesTheDirectoryItselfWithoutChildren() throws Exception {
        LsResult r = ls(1000, "/tree", new LsOptions(false, 0, 0, 0));
        assertEquals(SrmStatus.SRM_SUCCESS, r.status());
        PathDetail d = r.details().get(0);
        assertEquals("/tree", d.path());
        assertTrue(d.stat().isDirectory());
        assertEquals(List.of(), d.children());
    }

    @Test
    void levelsOneListsTheDirectChildrenOnly() throws Exception {
        PathDetail d = ls(1000, "/tree", new LsOptions(false, 1, 0, 0)).details().get(0);
        assertEquals(List.of("/tree/a.txt", "/tree/b.txt", "/tree/sub"), names(d.children()));
        assertEquals(List.of(), d.children().get(2).children());
        assertEquals(2, d.children().get(1).stat().size());
    }

    @Test
    void levelsTwoStopsBelowTheSecondLevel() throws Exception {
        PathDetail d = ls(1000, "/tree", new LsOptions(false, 2, 0, 0)).details().get(0);
        assertEquals(List.of("/tree/a.txt", "/tree/b.txt", "/tree/sub", "/tree/sub/c.txt", "/tree/sub/deeper"),
                allPaths(d));
    }

    @Test
    void levelsMinusOneListsEverything() throws Exception {
        PathDetail d = ls(1000, "/tree", new LsOptions(false, -1, 0, 0)).details().get(0);
        assertEquals(List.of("/tree/a.txt", "/tree/b.txt", "/tree/sub", "/tree/sub/c.txt", "/tree/sub/deeper",
                "/tree/sub/deeper/d.txt"), allPaths(d));
    }

    @Test
    void fileListedWithLevelsOneReturnsItself() throws Exception {
        LsResult r = ls(1000, "/tree/sub/c.txt", new LsOptions(false, 1, 0, 0));
        assertEquals(SrmStatus.SRM_SUCCESS, r.status());
        PathDetail d = r.details().get(0);
        assertEquals("/tree/sub/c.txt", d.path());
        assertTrue(d.stat().isFile());
        assertEquals(3, d.stat().size());
        assertEquals(List.of(), d.children());
    }

    @Test
    void offsetAndCountSelectAPage() throws Exception {
        LsResult r = ls(1000, "/many", new LsOptions(false, 1, 5, 4));
        assertEquals(SrmStatus.SRM_SUCCESS, r.status());
        assertEquals(List.of("/many/f05", "/many/f06", "/many/f07", "/many/f08"), names(r.details().get(0).children()));
        LsResult tail = ls(1000, "/many", new LsOptions(false, 1, 23, 10));
        assertEquals(List.of("/many/f23", "/many/f24"), names(tail.details().get(0).children()));
        LsResult past = ls(1000, "/many", new LsOptions(false, 1, 30, 10));
        assertEquals(List.of(), past.details().get(0).children());
    }

    @Test
    void moreEntriesThanTheMaximumGiveTooManyResultsWithExactlyTheMaximum() throws Exception {
        LsResult r = ls(10, "/many", new LsOptions(false, 1, 0, 0));
        assertEquals(SrmStatus.SRM_TOO_MANY_RESULTS, r.status());
        assertEquals(10, r.details().get(0).children().size());
        assertEquals("/many/f00", r.details().get(0).children().get(0).path());
    }

    /** One answer's entries are bounded once, not per SURL or per level (docs/security.md). */
    @Test
    void severalSurlsAndAllTheirLevelsShareOneBoundOnTheEntriesOfTheAnswer() throws Exception {
        LsResult r = new Lister(backend, surls, 20, UploadsInProgress.NONE).ls(ALICE,
                List.of(surl("/tree"), surl("/many"), surl("/tree/sub")), new LsOptions(false, -1, 0, 0));
        assertEquals(SrmStatus.SRM_TOO_MANY_RESULTS, r.status());
        assertEquals(3, r.details().size(), "every SURL asked is answered");
        int entries = r.details().stream().mapToInt(d -> allPaths(d).size()).sum();
        assertEquals(20, entries, "6 below /tree, then 14 of the 25 in /many, none below /tree/sub");
        assertEquals(List.of(), r.details().get(2).children());
    }

    @Test
    void explicitCountAboveTheMaximumIsHonouredAsAClientPage() throws Exception {
        LsResult r = ls(10, "/many", new LsOptions(false, 1, 0, 20));
        assertEquals(SrmStatus.SRM_SUCCESS, r.status());
        assertEquals(20, r.details().get(0).children().size());
    }

    @Test
    void explicitCountIsCappedAtTheClientPage() throws Exception {
        Path big = LocalAccounts.dir(root.resolve("big"), LocalAccounts.SRMUSER1);
        int entries = Lister.CLIENT_PAGE + 5;
        for (int i = 0; i < entries; i++) {
            LocalAccounts.file(big.resolve(String.format("g%05d", i)), LocalAccounts.SRMUSER1, new byte[0]);
        }
        LsResult r = ls(10, "/big", new LsOptions(false, 1, 0, entries));
        assertEquals(SrmStatus.SRM_TOO_MANY_RESULTS, r.status());
        assertEquals(Lister.CLIENT_PAGE, r.details().get(0).children().size());
        LsResult rest = ls(10, "/big", new LsOptions(false, 1, Lister.CLIENT_PAGE, Lister.CLIENT_PAGE));
        assertEquals(SrmStatus.SRM_SUCCESS, rest.status());
        assertEquals(5, rest.details().get(0).children().size());
    }

    @Test
    void pagingWithOffsetCollectsEveryEntryExactlyOnce() throws Exception {
        List<String> seen = new ArrayList<>();
        int offset = 0;
        int calls = 0;
        while (true) {
            LsResult r = ls(10, "/many", new LsOptions(false, 1, offset, 0));
            List<String> page = names(r.details().get(0).children());
            assertTrue(page.size() <= 10, "page of " + page.size());
            seen.addAll(page);
            offset += page.size();
            calls++;
            if (r.status() == SrmStatus.SRM_SUCCESS) {
                break;
            }
            assertEquals(SrmStatus.SRM_TOO_MANY_RESULTS, r.status());
            assertTrue(calls < 10, "paging does not end");
        }
        assertEquals(3, calls);
        assertEquals(25, seen.size());
        assertEquals(25, new HashSet<>(seen).size());
        for (int i = 0; i < 25; i++) {
            assertTrue(seen.contains(String.format("/many/f%02d", i)));
        }
    }

    @Test
    void uploadsInProgressAreNeverListed() throws Exception {
        Path many = root.resolve("many");
        for (int i = 0; i < 5; i++) {
            LocalAccounts.file(many.resolve(UploadNames.PREFIX + "f0" + i), LocalAccounts.SRMUSER1, bytes("partial"));
        }
        LocalAccounts.file(root.resolve("tree/sub/deeper").resolve(UploadNames.PREFIX + "zz"), LocalAccounts.SRMUSER1,
                bytes("partial"));
        List<String> all = allPaths(ls(1000, "/", new LsOptions(true, -1, 0, 0)).details().get(0));
        assertTrue(all.stream().noneMatch(p -> p.contains(UploadNames.PREFIX)), all.toString());
        // nor do they take places in a page or count against the maximum
        LsResult page = ls(10, "/many", new LsOptions(false, 1, 0, 0));
        assertEquals(names(page.details().get(0).children()),
                List.of("/many/f00", "/many/f01", "/many/f02", "/many/f03", "/many/f04", "/many/f05", "/many/f06",
                        "/many/f07", "/many/f08", "/many/f09"));
        LsResult second = ls(1000, "/many", new LsOptions(false, 1, 20, 0));
        assertEquals(SrmStatus.SRM_SUCCESS, second.status());
        assertEquals(5, second.details().get(0).children().size());
    }

    @Test
    void missingPathIsAnInvalidPath() throws Exception {
        LsResult r = ls(1000, "/tree/nothing-here", new LsOptions(false, 0, 0, 0));
        assertEquals(SrmStatus.SRM_FAILURE, r.status());
        assertEquals(SrmStatus.SRM_INVALID_PATH, r.details().get(0).status());
        assertNull(r.details().get(0).stat());
    }

    @Test
    void oneMissingAmongExistingPathsIsAPartialSuccess() throws Exception {
        LsResult r = new Lister(backend, surls, 1000, UploadsInProgress.NONE).ls(ALICE,
                List.of(surl("/tree/a.txt"), surl("/tree/nothing"), "srm://elsewhere.example.org/tree/b.txt"),
                new LsOptions(false, 0, 0, 0));
        assertEquals(SrmStatus.SRM_PARTIAL_SUCCESS, r.status());
        assertEquals(List.of(SrmStatus.SRM_SUCCESS, SrmStatus.SRM_INVALID_PATH, SrmStatus.SRM_INVALID_PATH),
                r.details().stream().map(PathDetail::status).toList());
    }

    @Test
    void directoryTheAccountCannotReadIsAnAuthorizationFailure() throws Exception {
        Path closed = LocalAccounts.dir(root.resolve("closed"), LocalAccounts.SRMUSER2);
        LocalAccounts.own(closed, LocalAccounts.SRMUSER2, "rwx------");
        LsResult r = ls(1000, "/closed", new LsOptions(false, 1, 0, 0));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, r.details().get(0).status());
    }

    @Test
    void negativeOffsetOrEmptyRequestIsAnInvalidRequest() {
        Lister lister = new Lister(backend, surls, 1000, UploadsInProgress.NONE);
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, assertThrows(SrmException.class,
                () -> lister.ls(ALICE, List.of(surl("/many")), new LsOptions(false, 1, -1, 0))).status());
        assertEquals(SrmStatus.SRM_INVALID_REQUEST, assertThrows(SrmException.class,
                () -> lister.ls(ALICE, List.of(), new LsOptions(false, 1, 0, 0))).status());
    }

    @Test
    void fullDetailReportsTheAdler32OfAFile() throws Exception {
        byte[] content = new byte[300_000];
        for (int i = 0; i < content.length; i++) {
            content[i] = (byte) (i * 31 + i / 1000);
        }
        LocalAccounts.file(root.resolve("tree/big.bin"), LocalAccounts.SRMUSER1, content);
        Adler32 a = new Adler32();
        a.update(content);
        String expected = String.format("%08x", a.getValue());
        LsResult r = ls(1000, "/tree/big.bin", new LsOptions(true, 0, 0, 0));
        assertEquals(SrmStatus.SRM_SUCCESS, r.status());
        assertEquals(expected, r.details().get(0).adler32());
        assertTrue(r.details().get(0).adler32().matches("[0-9a-f]{8}"));
        // once computed it is stored, so the listing of the directory shows it as well
        PathDetail listed = ls(1000, "/tree", new LsOptions(true, 1, 0, 0)).details().get(0).children().stream()
                .filter(c -> c.path().equals("/tree/big.bin")).findFirst().orElseThrow();
        assertEquals(expected, listed.adler32());
    }

    @Test
    void adler32WithLeadingZeroDigitsIsEightHexDigits() throws Exception {
        Adler32 a = new Adler32();
        a.update(0);
        assertTrue(a.getValue() < 0x10000000L, "a checksum with a leading zero digit");
        LocalAccounts.file(root.resolve("tree/zero.bin"), LocalAccounts.SRMUSER1, new byte[] {0});
        assertEquals(String.format("%08x", a.getValue()),
                ls(1000, "/tree/zero.bin", new LsOptions(true, 0, 0, 0)).details().get(0).adler32());
    }

    @Test
    void withoutFullDetailNoChecksumIsComputed() throws Exception {
        assertNull(ls(1000, "/tree/a.txt", new LsOptions(false, 0, 0, 0)).details().get(0).adler32());
    }
}
