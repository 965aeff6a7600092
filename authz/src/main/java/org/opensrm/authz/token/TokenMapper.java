package org.opensrm.authz.token;

import java.time.Clock;
import java.util.Optional;
import java.util.OptionalInt;
import org.opensrm.authz.ClientIdentity;
import org.opensrm.authz.Mapper;
import org.opensrm.authz.Mapping;
import org.opensrm.authz.PathPolicy;
import org.opensrm.authz.internal.ReloadingFile;
import org.opensrm.authz.vomsmap.VoRoleMap;
import org.opensrm.common.SrmException;

/**
 * The {@code token} mapper: decides clients that came with a WLCG bearer token and no certificate (certificate
 * clients are left to the other mappers at no cost). The token is verified ({@link TokenVerifier}); its account
 * is the first of its {@code wlcg.groups} that the group map maps (patterns as in the VOMS role map), else the
 * issuer's account; with neither the token is refused. A token with storage scopes may touch only the paths they
 * open ({@link ScopePolicy}); one without storage scopes acts with its account's permissions, like a certificate.
 * The subject of its audit and access lines is {@code sub@iss}. Thread-safe.
 */
public final class TokenMapper implements Mapper {
    private final TokenVerifier verifier;
    private final Optional<ReloadingFile<VoRoleMap>> groupMap;

    /** @throws IllegalArgumentException naming a JWKS file or group map that is missing or malformed */
    public TokenMapper(TokenConfig config) {
        this(config, Clock.systemUTC());
    }

    /** With the given clock, for tests of expiry. */
    public TokenMapper(TokenConfig config, Clock clock) {
        this.verifier = new TokenVerifier(config, clock);
        this.groupMap = config.groupMap().map(f -> new ReloadingFile<>("token group map", f, VoRoleMap.PARSER,
                config.refreshInterval()));
    }

    @Override
    public String name() {
        return "token";
    }

    @Override
    public boolean mapsBearerTokens() {
        return true;
    }

    @Override
    public Optional<Mapping> map(ClientIdentity client) throws SrmException {
        if (client.bearer().isEmpty()) {
            return Optional.empty();
        }
        VerifiedToken token = verifier.verify(client.bearer().get().text());
        String account = accountOf(token);
        PathPolicy paths = ScopePolicy.of(token.scopes(), token.issuer().basePath())
                .<PathPolicy>map(p -> p).orElse(PathPolicy.ANY);
        return Optional.of(new Mapping(account, OptionalInt.empty(), paths, Optional.of(token.subject()),
                Optional.of(new Mapping.TokenHolder(token.issuer().iss(), token.sub()))));
    }

    private String accountOf(VerifiedToken token) throws SrmException {
        if (groupMap.isPresent()) {
            VoRoleMap map = groupMap.get().get();
            for (String group : token.groups()) {
                Optional<VoRoleMap.Target> target = map.targetOf(group);
                if (target.isPresent()) {
                    if (target.get().pool()) {
                        throw SrmException.denied("token group " + group + " of " + token.subject()
                                + " maps to a pool account, which tokens cannot lease");
                    }
                    return target.get().name();
                }
            }
        }
        return token.issuer().account().orElseThrow(() -> SrmException.denied("token of " + token.subject()
                + " has no wlcg.groups entry that the group map maps, and issuer " + token.issuer().name()
                + " has no account"));
    }

    @Override
    public String toString() {
        return "WLCG token mapper";
    }
}
