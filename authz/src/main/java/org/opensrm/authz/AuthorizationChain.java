package org.opensrm.authz;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one authorization path: the ban list (a bearer token's subject is looked up in it once a mapper verified
 * the token), then a refusal of proxies whose VOMS attributes were rejected, then
 * the mappers in their configured order (the first that names an
 * account decides; one that refuses ends the chain), then the local account database (which refuses accounts that
 * do not exist and uid 0). Each decision is written as one line to the {@code org.opensrm.audit} logger: the DN,
 * the FQANs, the mapper that decided and the account, or the reason of the refusal. Credentials are never logged.
 * Per-path decisions are then taken by the backend with the account's uid, gid and groups, and for a bearer token
 * with storage scopes also by the {@link PathPolicy} of its {@link Decision}. A client that came with a bearer
 * token and no certificate is put only to the mappers that {@linkplain Mapper#mapsBearerTokens() map tokens}; its
 * audit line names the token's subject and issuer ({@code token="sub@iss"}), never the token.
 */
public final class AuthorizationChain implements Authorizer {
    private static final Logger AUDIT = LoggerFactory.getLogger("org.opensrm.audit");

    private final BanList banList;
    private final List<Mapper> mappers;
    private final AccountResolver accounts;

    public AuthorizationChain(BanList banList, List<Mapper> mappers, AccountResolver accounts) {
        this.banList = Objects.requireNonNull(banList, "banList");
        this.mappers = List.copyOf(mappers);
        this.accounts = Objects.requireNonNull(accounts, "accounts");
        if (this.mappers.isEmpty()) {
            throw new IllegalArgumentException("an authorization chain needs at least one mapper");
        }
    }

    @Override
    public Account authorize(ClientIdentity client) throws SrmException {
        return decide(client).account();
    }

    @Override
    public Decision decide(ClientIdentity client) throws SrmException {
        String by = "ban";
        try {
            Optional<String> ban = banList.banOf(client);
            if (ban.isPresent()) {
                throw SrmException.denied(ban.get());
            }
            by = "voms";
            if (client.vomsRejected().isPresent()) {
                throw SrmException.denied("the VOMS attributes of the proxy were not accepted: "
                        + client.vomsRejected().get());
            }
            boolean bearer = client.bearer().isPresent();
            for (Mapper mapper : mappers) {
                if (bearer && !mapper.mapsBearerTokens()) {
                    continue;
                }
                by = mapper.name();
                Optional<Mapping> mapping = mapper.map(client);
                if (mapping.isPresent()) {
                    Mapping m = mapping.get();
                    if (m.token().isPresent()) {
                        by = "ban";
                        Optional<String> tokenBan = banList.banOfToken(m.token().get().iss(), m.token().get().sub());
                        if (tokenBan.isPresent()) {
                            throw SrmException.denied(tokenBan.get());
                        }
                        by = mapper.name();
                    }
                    Account account = withPrimaryGroup(accounts.resolve(m.account()), m, by);
                    String subject = m.subject().orElse(client.subject());
                    if (AUDIT.isInfoEnabled()) {
                        AUDIT.info("authz {}=\"{}\" fqans=\"{}\" mapper={} account={}", bearer ? "token" : "dn",
                                subject, String.join(",", client.fqans()), by, account);
                    }
                    return new Decision(account, m.paths(), subject);
                }
            }
            by = "none";
            throw SrmException.denied(bearer ? "no mapper accepts the bearer token"
                    : "DN " + client.dn() + " is not mapped");
        } catch (SrmException e) {
            AUDIT.info("authz {}=\"{}\" fqans=\"{}\" mapper={} refused={} reason=\"{}\"", kind(client),
                    client.subject(), String.join(",", client.fqans()), by, e.status(), e.getMessage());
            throw e;
        } catch (RuntimeException e) {
            AUDIT.warn("authz {}=\"{}\" fqans=\"{}\" mapper={} refused={} reason=\"{}\"", kind(client),
                    client.subject(), String.join(",", client.fqans()), by, SrmStatus.SRM_AUTHORIZATION_FAILURE,
                    e.toString());
            throw new SrmException(SrmStatus.SRM_AUTHORIZATION_FAILURE,
                    "authorization by " + by + " failed (details are in the server log)");
        }
    }

    private static String kind(ClientIdentity client) {
        return client.bearer().isPresent() ? "token" : "dn";
    }

    private static Account withPrimaryGroup(Account account, Mapping mapping, String by) throws SrmException {
        if (mapping.primaryGid().isEmpty() || mapping.primaryGid().getAsInt() == account.gid()) {
            return account;
        }
        int gid = mapping.primaryGid().getAsInt();
        if (!account.isMemberOf(gid)) {
            throw SrmException.denied(by + " gave account " + account.name() + " the primary group " + gid
                    + ", of which it is not a member on this host");
        }
        return new Account(account.name(), account.uid(), gid, account.groups());
    }

    @Override
    public String toString() {
        return "authorization chain " + mappers.stream().map(Mapper::name).toList() + " unless banned by " + banList;
    }
}
