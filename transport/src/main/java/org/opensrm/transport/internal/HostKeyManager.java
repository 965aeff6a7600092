package org.opensrm.transport.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.Principal;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.util.Objects;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import eu.emi.security.authn.x509.impl.CertificateUtils;
import eu.emi.security.authn.x509.impl.CertificateUtils.Encoding;

/**
 * Serves the host certificate and key from PEM files and re-reads them when {@link #reloadIfChanged()} sees the
 * files changed. Each loaded generation has its own alias, so a handshake that chose an alias gets the chain and
 * the key of the same generation even while a reload happens.
 */
public final class HostKeyManager extends X509ExtendedKeyManager {
    private static final Logger LOG = LoggerFactory.getLogger(HostKeyManager.class);

    private record Generation(String alias, PrivateKey key, X509Certificate[] chain, String stamp) {
    }

    private final Path certFile;
    private final Path keyFile;
    private volatile Generation current;
    private volatile Generation previous;
    private String lastFailedStamp;

    private HostKeyManager(Path certFile, Path keyFile, Generation first) {
        this.certFile = certFile;
        this.keyFile = keyFile;
        this.current = first;
        this.previous = first;
    }

    /** Loads the credential; the exception message names the file at fault. */
    public static HostKeyManager load(Path certFile, Path keyFile) throws IOException {
        return new HostKeyManager(certFile, keyFile, read(certFile, keyFile, 1));
    }

    /** The certificate served now. */
    public X509Certificate certificate() {
        return current.chain()[0];
    }

    /** Re-reads the files if their size or modification time changed; keeps the old credential if that fails. */
    public synchronized void reloadIfChanged() {
        Generation now = current;
        try {
            String stamp = stamp(certFile, keyFile);
            if (stamp.equals(now.stamp()) || stamp.equals(lastFailedStamp)) {
                return;
            }
            lastFailedStamp = stamp;
            Generation next = read(certFile, keyFile, Integer.parseInt(now.alias().substring(5)) + 1);
            previous = now;
            current = next;
            lastFailedStamp = null;
            LOG.info("host credential reloaded from {}: {}, valid until {}", certFile,
                    next.chain()[0].getSubjectX500Principal().getName(), next.chain()[0].getNotAfter());
        } catch (IOException | RuntimeException e) {
            LOG.warn("host credential in {} / {} changed but cannot be loaded, keeping the old one: {}",
                    certFile, keyFile, e.getMessage());
        }
    }

    private static Generation read(Path certFile, Path keyFile, int number) throws IOException {
        String stamp = stamp(certFile, keyFile);
        X509Certificate[] chain;
        try (InputStream in = Files.newInputStream(certFile)) {
            chain = CertificateUtils.loadCertificateChain(in, Encoding.PEM);
        } catch (IOException e) {
            throw new IOException("cannot read host certificate " + certFile + ": " + e.getMessage(), e);
        }
        if (chain.length == 0) {
            throw new IOException("no certificate in host certificate file " + certFile);
        }
        PrivateKey key;
        try (InputStream in = Files.newInputStream(keyFile)) {
            key = CertificateUtils.loadPrivateKey(in, Encoding.PEM, null);
        } catch (IOException e) {
            throw new IOException("cannot read host key " + keyFile + " (it must be unencrypted PEM): "
                    + e.getMessage(), e);
        }
        if (!matches(key, chain[0])) {
            throw new IOException("host key " + keyFile + " does not match host certificate " + certFile);
        }
        return new Generation("host-" + number, key, chain, stamp);
    }

    /** Whether the key belongs to the certificate (also catches a reload between two half-written files). */
    private static boolean matches(PrivateKey key, X509Certificate cert) {
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            default -> null;
        };
        if (algorithm == null) {
            return key.getAlgorithm().equals(cert.getPublicKey().getAlgorithm());
        }
        try {
            byte[] probe = "opensrm-host-key-check".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(probe);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(cert.getPublicKey());
            verifier.update(probe);
            return verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    private static String stamp(Path certFile, Path keyFile) throws IOException {
        BasicFileAttributes c = Files.readAttributes(certFile, BasicFileAttributes.class);
        BasicFileAttributes k = Files.readAttributes(keyFile, BasicFileAttributes.class);
        return c.lastModifiedTime() + "/" + c.size() + "/" + c.fileKey() + "|" + k.lastModifiedTime() + "/"
                + k.size() + "/" + k.fileKey();
    }

    private Generation byAlias(String alias) {
        Generation c = current;
        if (Objects.equals(c.alias(), alias)) {
            return c;
        }
        Generation p = previous;
        return Objects.equals(p.alias(), alias) ? p : null;
    }

    private String aliasFor(String keyType) {
        Generation c = current;
        return keyType != null && keyType.equalsIgnoreCase(c.key().getAlgorithm()) ? c.alias() : null;
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
        return aliasFor(keyType);
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return aliasFor(keyType);
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        String alias = aliasFor(keyType);
        return alias == null ? null : new String[] {alias};
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        Generation g = byAlias(alias);
        return g == null ? null : g.chain().clone();
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
        Generation g = byAlias(alias);
        return g == null ? null : g.key();
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        return null;
    }

    @Override
    public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
        return null;
    }

    @Override
    public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine engine) {
        return null;
    }
}
