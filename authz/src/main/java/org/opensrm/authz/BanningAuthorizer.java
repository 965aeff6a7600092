package org.opensrm.authz;

import java.util.Objects;
import java.util.Optional;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Refuses banned clients with {@code SRM_AUTHORIZATION_FAILURE} ("DN ... is banned") before asking the inner
 * authorizer, on every request.
 */
public final class BanningAuthorizer implements Authorizer {
    private static final Logger LOG = LoggerFactory.getLogger(BanningAuthorizer.class);

    private final Authorizer inner;
    private final BanList banList;

    public BanningAuthorizer(Authorizer inner, BanList banList) {
        this.inner = Objects.requireNonNull(inner, "inner");
        this.banList = Objects.requireNonNull(banList, "banList");
    }

    @Override
    public Account authorize(ClientIdentity client) throws SrmException {
        Optional<String> ban = banList.banOf(client);
        if (ban.isPresent()) {
            LOG.info("Refused: {}", ban.get());
            throw SrmException.denied(ban.get());
        }
        return inner.authorize(client);
    }

    @Override
    public String toString() {
        return inner + " unless banned by " + banList;
    }
}
