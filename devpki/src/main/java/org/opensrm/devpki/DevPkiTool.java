package org.opensrm.devpki;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * Command line front of {@link DevPki}, for manual tests with gfal2/ARC:
 * <pre>
 *   DevPkiTool DIR host HOSTNAME [DNS-NAME...]   → DIR/hostcert.pem, DIR/hostkey.pem (1 year)
 *   DevPkiTool DIR user COMMON-NAME              → DIR/users/CN/usercert.pem, userkey.pem (1 year),
 *                                                  DIR/users/CN/x509up (RFC 3820 proxy, 12 h)
 * </pre>
 * The CA ({@code CN=OpenSRM Dev CA,O=OpenSRM,DC=test}) and the trust directory {@code DIR/certificates} are made
 * on first use.
 */
public final class DevPkiTool {
    private DevPkiTool() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3 || !List.of("host", "user").contains(args[1])) {
            System.err.println("usage: DevPkiTool DIR host HOSTNAME [DNS-NAME...] | DevPkiTool DIR user COMMON-NAME");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        DevPki pki = DevPki.openOrCreate(dir, "CN=OpenSRM Dev CA,O=OpenSRM,DC=test");
        Duration year = Duration.ofDays(365);
        if (args[1].equals("host")) {
            Credential host = pki.issueHost(args[2], Arrays.asList(args).subList(3, args.length), year);
            host.writeCertAndKey(dir.resolve("hostcert.pem"), dir.resolve("hostkey.pem"));
            System.out.println(host.opensslDn());
        } else {
            Path home = dir.resolve("users").resolve(args[2]);
            Credential user = pki.issueUser(args[2], year);
            user.writeCertAndKey(home.resolve("usercert.pem"), home.resolve("userkey.pem"));
            pki.proxy(user, Duration.ofHours(12), ProxyStyle.RFC3820).writeProxyFile(home.resolve("x509up"));
            System.out.println(user.opensslDn());
        }
        System.out.println("X509_CERT_DIR=" + pki.trustDir().toAbsolutePath());
    }
}
