package org.opensrm.authz.token;

import com.nimbusds.jose.jwk.JWKSet;
import org.opensrm.common.SrmException;

/** Where an issuer's public keys come from: a JWKS file, or the issuer itself by URL. Thread-safe. */
interface IssuerKeys {

    /**
     * The keys to verify with now.
     *
     * @throws SrmException {@code SRM_AUTHORIZATION_FAILURE} when there are none yet (an issuer by URL that has
     *                      not answered since the server started)
     */
    JWKSet keys() throws SrmException;

    /**
     * A token named a key id that {@link #keys()} does not have: fetch the keys again if that is allowed now
     * (sources that cannot, or that fetched too recently, do nothing).
     *
     * @return whether new keys were fetched
     */
    boolean refreshForUnknownKey();

    /** Where the keys come from, for messages. */
    String origin();
}
