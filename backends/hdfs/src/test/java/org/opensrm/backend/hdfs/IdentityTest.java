package org.opensrm.backend.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.apache.hadoop.fs.FileStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.opensrm.backend.StorageBackend;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.common.SrmException;

/** Calls are made as the account: HDFS records it as the owner and applies its permissions. */
@Tag("integration")
class IdentityTest {
    @RegisterExtension
    static final SharedHdfs HDFS = new SharedHdfs();

    private HdfsFixture fixture;
    private StorageBackend backend;

    @BeforeEach
    void open() throws Exception {
        fixture = HDFS.newFixture();
        backend = fixture.backend();
    }

    @AfterEach
    void close() throws Exception {
        backend.close();
        fixture.close();
    }

    @Test
    void hdfsOwnerOfANewDirectoryIsTheAccount() throws Exception {
        backend.mkdir(fixture.alice(), SrmPath.of("/a"));
        backend.mkdir(fixture.bob(), SrmPath.of("/b"));
        FileStatus a = fixture.superuser().getFileStatus(fixture.hdfsPath(SrmPath.of("/a")));
        FileStatus b = fixture.superuser().getFileStatus(fixture.hdfsPath(SrmPath.of("/b")));
        assertEquals("srmuser1", a.getOwner());
        assertEquals("srmuser1", a.getGroup(), "the account's primary group, not the parent's");
        assertEquals("srmuser2", b.getOwner());
        assertEquals("srmuser2", b.getGroup());
    }

    @Test
    void parentsGroupWhenConfiguredSo() throws Exception {
        try (StorageBackend hdfsGroups = HdfsBackends.open(fixture.config().primaryGroupForNewDirectories(false)
                .build())) {
            hdfsGroups.mkdir(fixture.alice(), SrmPath.of("/a"));
        }
        String parentGroup = fixture.superuser().getFileStatus(fixture.hdfsPath(SrmPath.ROOT)).getGroup();
        assertEquals(parentGroup, fixture.superuser().getFileStatus(fixture.hdfsPath(SrmPath.of("/a"))).getGroup());
    }

    @Test
    void aFileWrittenByTheAccountsOwnClientCanBeRenamedOnlyWithItsPermissions() throws Exception {
        backend.mkdir(fixture.alice(), SrmPath.of("/in"));
        org.apache.hadoop.fs.Path part = fixture.hdfsPath(SrmPath.of("/in/upload.part"));
        fixture.as(fixture.alice(), fs -> {
            try (var out = fs.create(part)) {
                out.write("data".getBytes(StandardCharsets.UTF_8));
            }
            return null;
        });
        assertEquals("srmuser1", fixture.superuser().getFileStatus(
                fixture.hdfsPath(SrmPath.of("/in/upload.part"))).getOwner());
        SrmException e = org.junit.jupiter.api.Assertions.assertThrows(SrmException.class,
                () -> backend.rename(fixture.bob(), SrmPath.of("/in/upload.part"), SrmPath.of("/in/x"), false));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, e.status());
        backend.rename(fixture.alice(), SrmPath.of("/in/upload.part"), SrmPath.of("/in/upload"), false);
        assertEquals(4, backend.stat(fixture.bob(), SrmPath.of("/in/upload")).size());
    }

    @Test
    void aNameHdfsRefusesIsAnInvalidPath() throws Exception {
        SrmException e = org.junit.jupiter.api.Assertions.assertThrows(SrmException.class,
                () -> backend.mkdir(fixture.alice(), SrmPath.of("/a:b")));
        assertEquals(SrmStatus.SRM_INVALID_PATH, e.status());
    }
}
