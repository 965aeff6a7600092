package org.opensrm.client.internal;

import java.net.Socket;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * Presents one credential as the TLS client certificate, whatever issuers the server lists: a proxy chain's leaf
 * is issued by the user certificate, not by a CA, so the JDK's own key managers would refuse to choose it.
 */
final class FixedKeyManager extends X509ExtendedKeyManager {
    private static final String ALIAS = "proxy";
    private final ClientCredential.KeyAndChain credential;

    FixedKeyManager(ClientCredential.KeyAndChain credential) {
        this.credential = credential;
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        return new String[] {ALIAS};
    }

    @Override
    public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
        return ALIAS;
    }

    @Override
    public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine engine) {
        return ALIAS;
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        return null;
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return null;
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        return credential.chain().clone();
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
        return credential.key();
    }
}
