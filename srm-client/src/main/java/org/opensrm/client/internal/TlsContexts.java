package org.opensrm.client.internal;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;

import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;

/** The client's TLS context: its credential (if any) as the only client certificate, its trust. */
public final class TlsContexts {
    private TlsContexts() {
    }

    /**
     * @param credential null: no client certificate
     * @param random     the source of the handshakes' randomness, shared by a client's contexts
     */
    public static SSLContext create(ClientCredential credential, ServerTrust trust, SecureRandom random)
            throws IOException {
        KeyManager[] keys = credential == null ? null : new KeyManager[] {new FixedKeyManager(credential.read())};
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys, trust.managers(), random);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot set up TLS: " + e.getMessage(), e);
        }
    }
}
