package org.opensrm.authz.token;

import java.util.List;

/**
 * The claims of a token whose signature, issuer, audience and lifetime were checked.
 *
 * @param issuer the configured issuer that signed it
 * @param sub    its subject
 * @param scopes the entries of its {@code scope} claim
 * @param groups its {@code wlcg.groups}, in the token's order
 */
record VerifiedToken(TokenIssuer issuer, String sub, List<String> scopes, List<String> groups) {
    VerifiedToken {
        scopes = List.copyOf(scopes);
        groups = List.copyOf(groups);
    }

    /** How audit and access lines name the token's holder: {@code sub@iss}. */
    String subject() {
        return sub + "@" + issuer.iss();
    }
}
