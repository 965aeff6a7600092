package org.opensrm.authz.internal;

import java.util.regex.Pattern;

/**
 * What may be passed on as a local account name: no whitespace, quotes, separators or control characters, not
 * starting with {@code -} (it would read as an option to {@code getent}/{@code id}) and not all digits (NSS would
 * take it for a uid).
 */
public final class AccountNames {
    private static final Pattern PLAUSIBLE = Pattern.compile("[A-Za-z0-9_.][A-Za-z0-9_.@$-]*");
    private static final Pattern NUMERIC = Pattern.compile("[0-9]+");

    private AccountNames() {
    }

    public static boolean isPlausible(String name) {
        return name.length() <= 256 && PLAUSIBLE.matcher(name).matches() && !NUMERIC.matcher(name).matches();
    }
}
