package org.opensrm.authz;

import java.util.Optional;
import org.opensrm.common.SrmException;

/**
 * One source of mappings in the {@link AuthorizationChain}: names the local account a client acts as, says it has
 * nothing to say (the next mapper is asked), or refuses the client outright. Thread-safe; called on every request,
 * so implementations answer from memory or a cache.
 */
public interface Mapper {

    /** The name the configuration ({@code srm.authz.mappers}) and the audit lines use, e.g. {@code gridmap}. */
    String name();

    /**
     * @return the account, or empty when this mapper has no mapping for the client
     * @throws SrmException {@code SRM_AUTHORIZATION_FAILURE} when this mapper refuses the client (an explicit
     *                      deny, or the mapping service cannot be asked: never access by failure)
     */
    Optional<Mapping> map(ClientIdentity client) throws SrmException;

    /**
     * True for a mapper that decides clients who came with a bearer token and no certificate; the chain asks only
     * those about such clients (a DN-keyed mapper has nothing to look up). False by default.
     */
    default boolean mapsBearerTokens() {
        return false;
    }
}
