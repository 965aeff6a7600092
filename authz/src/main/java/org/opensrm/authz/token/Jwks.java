package org.opensrm.authz.token;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import java.text.ParseException;
import org.opensrm.authz.internal.MalformedFileException;

/** Reads a JWK set of public keys, wherever it came from. */
final class Jwks {
    private Jwks() {
    }

    /** @throws MalformedFileException when it is not a JWK set or holds a private key */
    static JWKSet parse(String content) throws MalformedFileException {
        JWKSet set;
        try {
            set = JWKSet.parse(content);
        } catch (ParseException e) {
            throw new MalformedFileException(1, "not a JWK set: " + e.getMessage());
        }
        for (JWK k : set.getKeys()) {
            if (k.isPrivate()) {
                throw new MalformedFileException(1, "key " + k.getKeyID() + " is a private key");
            }
        }
        return set;
    }
}
