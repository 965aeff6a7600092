package org.opensrm.client.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;

/** Where an httpg client's credential comes from: a proxy file read for each connection, or one read once. */
@FunctionalInterface
public interface ClientCredential {
    /** A private key with its certificate chain, leaf first. */
    record KeyAndChain(PrivateKey key, X509Certificate[] chain) {
    }

    KeyAndChain read() throws IOException;

    /** The {@code X509_USER_PROXY} file at {@code proxyFile}, read again by every {@link #read}. */
    static ClientCredential file(Path proxyFile) {
        return () -> PemFiles.readProxyFile(proxyFile);
    }

    static ClientCredential of(PrivateKey key, List<X509Certificate> chain) {
        KeyAndChain kc = new KeyAndChain(key, chain.toArray(new X509Certificate[0]));
        return () -> kc;
    }

    /** {@code source} read now, once. */
    static ClientCredential loaded(ClientCredential source) throws IOException {
        KeyAndChain kc = source.read();
        return () -> kc;
    }
}
