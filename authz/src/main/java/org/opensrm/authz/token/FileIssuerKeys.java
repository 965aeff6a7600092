package org.opensrm.authz.token;

import com.nimbusds.jose.jwk.JWKSet;
import java.nio.file.Path;
import java.time.Duration;
import org.opensrm.authz.internal.ReloadingFile;

/** Keys from a JWKS file, re-read when it changes (for sites that cannot reach their issuers). */
final class FileIssuerKeys implements IssuerKeys {
    private final ReloadingFile<JWKSet> file;

    /** @throws IllegalArgumentException naming a file that is missing, unreadable or not a public JWK set */
    FileIssuerKeys(TokenIssuer issuer, Path jwks, Duration checkInterval) {
        this.file = new ReloadingFile<>("JWKS of token issuer " + issuer.name(), jwks,
                (f, content) -> Jwks.parse(content), checkInterval);
    }

    @Override
    public JWKSet keys() {
        return file.get();
    }

    @Override
    public boolean refreshForUnknownKey() {
        return false; // the file is looked at for changes anyway
    }

    @Override
    public String origin() {
        return "file " + file.file();
    }
}
