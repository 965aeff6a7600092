package org.opensrm.backend.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HdfsBackendConfigTest {
    @TempDir
    Path tmp;

    @Test
    void defaults() {
        HdfsBackendConfig c = HdfsBackendConfig.builder().uri(URI.create("hdfs://nn:8020")).root("/data/srm/").build();
        assertEquals("/data/srm", c.root());
        assertEquals(List.of(), c.configFiles());
        assertFalse(c.kerberos());
        assertTrue(c.listChecksums());
        assertTrue(c.primaryGroupForNewDirectories());
        assertEquals("user.opensrm.adler32", c.checksumXattr());
        assertEquals(1 << 20, c.checksumBufferBytes());
    }

    @Test
    void fromProperties() throws Exception {
        Path core = Files.writeString(tmp.resolve("core-site.xml"), "<configuration/>");
        Path hdfs = Files.writeString(tmp.resolve("hdfs-site.xml"), "<configuration/>");
        Path keytab = Files.writeString(tmp.resolve("srm.keytab"), "x");
        HdfsBackendConfig c = HdfsBackendConfig.fromProperties(Map.of(
                "backend", "hdfs",
                "backend.hdfs.uri", "hdfs://mycluster",
                "backend.root", "/srm",
                "backend.hdfs.config-files", core + ", " + hdfs,
                "backend.hdfs.kerberos.principal", "srm/host@EXAMPLE.ORG",
                "backend.hdfs.kerberos.keytab", keytab.toString(),
                "backend.hdfs.list-checksums", "false",
                "backend.hdfs.property.dfs.client.read.shortcircuit", "true"));
        assertEquals(URI.create("hdfs://mycluster"), c.uri());
        assertEquals(List.of(core, hdfs), c.configFiles());
        assertEquals("srm/host@EXAMPLE.ORG", c.kerberosPrincipal().orElseThrow());
        assertFalse(c.listChecksums());
        assertEquals(Map.of("dfs.client.read.shortcircuit", "true"), c.hadoopProperties());
        assertFalse(c.toString().contains(keytab.toString()), "no keytab location in logs: " + c);
    }

    @Test
    void refusesWhatCannotWork() {
        URI nn = URI.create("hdfs://nn:8020");
        assertThrows(IllegalArgumentException.class, () -> HdfsBackendConfig.builder().root("/x").build());
        assertThrows(IllegalArgumentException.class,
                () -> HdfsBackendConfig.builder().uri(URI.create("file:///x")).root("/x").build());
        assertThrows(IllegalArgumentException.class, () -> HdfsBackendConfig.builder().uri(nn).build());
        assertThrows(IllegalArgumentException.class, () -> HdfsBackendConfig.builder().uri(nn).root("rel").build());
        assertThrows(IllegalArgumentException.class, () -> HdfsBackendConfig.builder().uri(nn).root("/a/../b")
                .build());
        assertThrows(IllegalArgumentException.class, () -> HdfsBackendConfig.builder().uri(nn).root("/x")
                .configFile(tmp.resolve("missing.xml")).build());
        assertThrows(IllegalArgumentException.class, () -> HdfsBackendConfig.builder().uri(nn).root("/x")
                .kerberos("srm@X", null).build());
        assertThrows(IllegalArgumentException.class, () -> HdfsBackendConfig.builder().uri(nn).root("/x")
                .checksumXattr("security.x").build());
        assertThrows(IllegalArgumentException.class, () -> HdfsBackendConfig.builder().uri(nn).root("/x")
                .checksumBufferBytes(10).build());
        assertThrows(IllegalArgumentException.class, () -> HdfsBackendConfig.fromProperties(Map.of("backend.root",
                "/x")));
        assertThrows(IllegalArgumentException.class, () -> HdfsBackendConfig.fromProperties(Map.of(
                "backend.hdfs.uri", "hdfs://nn", "backend.root", "/x", "backend.hdfs.list-checksums", "maybe")));
    }
}
