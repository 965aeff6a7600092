package org.opensrm.testkit;

import java.nio.file.Path;
import org.opensrm.devpki.Credential;

/**
 * A test user of a {@link TestGrid}: end-entity credential, an RFC 3820 proxy of it and that proxy written as an
 * {@code X509_USER_PROXY} file.
 */
public record GridUser(String commonName, Credential credential, Credential proxy, Path proxyFile) {

    /** The DN in OpenSSL slash form, as grid-mapfiles and Globus logs spell it. */
    public String dn() {
        return credential.opensslDn();
    }
}
