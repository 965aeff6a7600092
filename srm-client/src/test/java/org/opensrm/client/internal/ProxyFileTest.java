package org.opensrm.client.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opensrm.authz.DelegatedCredential;
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.DevPki;
import org.opensrm.devpki.ProxyStyle;

@Tag("integration")
class ProxyFileTest {
    @TempDir
    Path dir;

    @Test
    void theProxyIsWrittenOwnerOnlyInGlobusOrderAndRemovedAfter() throws Exception {
        DevPki pki = DevPki.openOrCreate(dir.resolve("ca"), "CN=OpenSRM Dev CA,O=OpenSRM,DC=test");
        Credential user = pki.issueUser("Alice", Duration.ofDays(1));
        Credential delegated = pki.proxy(pki.proxy(user, Duration.ofHours(2), ProxyStyle.RFC3820), Duration.ofHours(1),
                ProxyStyle.RFC3820);
        DelegatedCredential credential = new DelegatedCredential(user.opensslDn(), delegated.key(), delegated.chain());
        Path work = dir.resolve("work");
        Path file;
        try (ProxyFile proxy = ProxyFile.write(work, credential)) {
            file = proxy.path();
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(work)));
            String pem = Files.readString(file);
            assertEquals(3, pem.split("BEGIN CERTIFICATE").length - 1);
            int cert = pem.indexOf("BEGIN CERTIFICATE");
            int key = pem.indexOf("BEGIN PRIVATE KEY");
            assertTrue(cert >= 0 && key > cert && pem.indexOf("BEGIN CERTIFICATE", key) > key,
                    "proxy certificate, key, then the chain");
            // what the Globus tools read back: openssl parses the key and the leaf matches it
            Process p = new ProcessBuilder("openssl", "x509", "-noout", "-subject", "-in", file.toString())
                    .redirectErrorStream(true).start();
            String subject = new String(p.getInputStream().readAllBytes());
            assertEquals(0, p.waitFor(), subject);
            assertTrue(subject.contains("CN = Alice"), subject);
            Process k = new ProcessBuilder("openssl", "pkey", "-noout", "-in", file.toString())
                    .redirectErrorStream(true).start();
            String keyCheck = new String(k.getInputStream().readAllBytes());
            assertEquals(0, k.waitFor(), keyCheck);
        }
        assertFalse(Files.exists(file), "the proxy file outlived its use");
    }

    @Test
    void aWorkDirectoryOthersCanReadIsRefused() throws Exception {
        Path open = Files.createDirectory(dir.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxr-xr-x"));
        IOException e = assertThrows(IOException.class, () -> ProxyFile.privateDirectory(open));
        assertTrue(e.getMessage().contains("accessible to others"), e.getMessage());
    }
    @Test
    void leftoverProxiesAreRemovedAndNothingElse() throws Exception {
        DevPki pki = DevPki.openOrCreate(dir.resolve("ca"), "CN=OpenSRM Dev CA,O=OpenSRM,DC=test");
        Credential user = pki.issueUser("Alice", Duration.ofDays(1));
        Credential delegated = pki.proxy(user, Duration.ofHours(1), ProxyStyle.RFC3820);
        DelegatedCredential credential = new DelegatedCredential(user.opensslDn(), delegated.key(), delegated.chain());
        Path work = dir.resolve("work");
        Path left = ProxyFile.write(work, credential).path(); // never closed, as by a killed server
        Path other = Files.writeString(work.resolve("notes"), "not a proxy");
        assertEquals(0, ProxyFile.removeLeftovers(dir.resolve("missing")), "a missing directory has none");
        assertEquals(1, ProxyFile.removeLeftovers(work));
        assertFalse(Files.exists(left), "the leftover proxy is gone");
        assertTrue(Files.exists(other), "other files stay");
        assertEquals(0, ProxyFile.removeLeftovers(work));
    }
}
