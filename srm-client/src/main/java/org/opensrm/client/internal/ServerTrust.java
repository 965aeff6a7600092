package org.opensrm.client.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.List;

import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/** Which server certificates an httpg client accepts: the CAs of a directory, given CAs, or any (tests only). */
@FunctionalInterface
public interface ServerTrust {
    /** Accepts any server certificate; for tests of odd servers and the load tester's explicit option. */
    ServerTrust ANY = () -> new TrustManager[] {new AnyServer()};

    TrustManager[] managers() throws IOException;

    /** The CA certificates of the {@code *.0}, {@code *.1}, ... files of {@code dir}, read again by every call. */
    static ServerTrust directory(Path dir) {
        return () -> certificates(PemFiles.readTrustDir(dir));
    }

    /** {@code managers} as they are. */
    static ServerTrust loaded(TrustManager[] managers) {
        TrustManager[] m = managers.clone();
        return () -> m;
    }

    /** PKIX trust managers anchored at {@code cas}. */
    static TrustManager[] certificates(List<X509Certificate> cas) throws IOException {
        try {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            for (int i = 0; i < cas.size(); i++) {
                store.setCertificateEntry("ca" + i, cas.get(i));
            }
            TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX");
            factory.init(store);
            return factory.getTrustManagers();
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot trust the CA certificates: " + e.getMessage(), e);
        }
    }
}
