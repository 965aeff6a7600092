package org.opensrm.devpki;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.opensrm.devpki.internal.Names;
import org.opensrm.devpki.internal.Pem;

/**
 * A private key with its certificate chain, leaf first (a proxy chain: proxy, [proxy...], end-entity; the CA is
 * not included).
 */
public record Credential(PrivateKey key, List<X509Certificate> chain) {
    public Credential {
        Objects.requireNonNull(key, "key");
        chain = List.copyOf(chain);
        if (chain.isEmpty()) {
            throw new IllegalArgumentException("empty certificate chain");
        }
    }

    /** The leaf certificate, {@code chain.get(0)}. */
    public X509Certificate certificate() {
        return chain.get(0);
    }

    /** Subject of the first non-proxy certificate in OpenSSL slash form, e.g. {@code /DC=test/O=OpenSRM/CN=Alice}. */
    public String opensslDn() {
        return Names.slashForm(Names.endEntity(chain));
    }

    /** The chain as an array, for {@code KeyStore.setKeyEntry} and SSL key managers. */
    public X509Certificate[] chainArray() {
        return chain.toArray(new X509Certificate[0]);
    }

    /**
     * Writes the chain to {@code certPem} (mode 0644) and the unencrypted PKCS#1 key to {@code keyPem} (mode 0600),
     * the {@code hostcert.pem}/{@code hostkey.pem} layout. Each file is replaced atomically.
     */
    public void writeCertAndKey(Path certPem, Path keyPem) {
        try {
            Pem.writeSecret(keyPem, Pem.encode(key));
            Pem.writePublic(certPem, Pem.encode(chain.toArray()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes an {@code X509_USER_PROXY} file (mode 0600): the leaf certificate, its key as PKCS#1
     * "RSA PRIVATE KEY", then the rest of the chain.
     */
    public void writeProxyFile(Path file) {
        List<Object> objects = new ArrayList<>();
        objects.add(certificate());
        objects.add(key);
        objects.addAll(chain.subList(1, chain.size()));
        try {
            Pem.writeSecret(file, Pem.encode(objects.toArray()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String toString() {
        return "Credential[" + Names.slashForm(certificate()) + ", chain of " + chain.size() + "]";
    }
}
