package org.opensrm.authz;

import java.util.Objects;
import org.opensrm.common.Account;

/**
 * What {@link Authorizer#decide} concluded: the account the client acts as, which paths it may touch how, and
 * the subject the access log names (the DN, or {@code sub@iss} of a token).
 */
public record Decision(Account account, PathPolicy paths, String subject) {
    public Decision {
        Objects.requireNonNull(account, "account");
        Objects.requireNonNull(paths, "paths");
        Objects.requireNonNull(subject, "subject");
    }
}
