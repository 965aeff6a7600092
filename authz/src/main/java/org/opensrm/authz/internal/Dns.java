package org.opensrm.authz.internal;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * DN comparison as JGlobus (and so BeStMan2) does it: case-insensitive, with {@code Email=}, {@code E=} and
 * {@code emailAddress=} meaning the same attribute. Both the file's DNs and the client's are put through
 * {@link #normalize}, and the results compared exactly.
 */
public final class Dns {
    private static final Pattern EMAIL_ATTRIBUTE = Pattern.compile("/(?:emailaddress|email|e)=");

    private Dns() {
    }

    /** The form used as a map key; not for display. */
    public static String normalize(String dn) {
        String lower = dn.trim().toLowerCase(Locale.ROOT);
        return EMAIL_ATTRIBUTE.matcher(lower).replaceAll("/emailaddress=");
    }
}
