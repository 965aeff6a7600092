package org.opensrm.authz.gums;

import org.opensrm.testkit.GumsResponder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.opensrm.devpki.Credential;
import org.opensrm.devpki.DevPki;

/** A test CA, a GUMS responder with a certificate for localhost, and this SE's host certificate in PEM files. */
final class GumsFixture implements AutoCloseable {
    static final String SE_HOST = "se.example.test";

    final DevPki pki;
    final Credential se;
    final GumsResponder gums;
    final Path hostCert;
    final Path hostKey;

    GumsFixture(Path dir, Function<GumsResponder.Received, GumsResponder.Reply> answers) throws Exception {
        this(dir, "localhost", answers);
    }

    /** @param gumsHost the one host name GUMS' certificate names */
    GumsFixture(Path dir, String gumsHost, Function<GumsResponder.Received, GumsResponder.Reply> answers)
            throws Exception {
        pki = DevPki.openOrCreate(dir.resolve("ca"), "CN=GUMS Test CA,O=OpenSRM,DC=test");
        se = pki.issueHost(SE_HOST, List.of(SE_HOST), Duration.ofDays(1));
        hostCert = dir.resolve("hostcert.pem");
        hostKey = dir.resolve("hostkey.pem");
        se.writeCertAndKey(hostCert, hostKey);
        gums = new GumsResponder(pki, pki.issueHost(gumsHost, List.of(gumsHost), Duration.ofDays(1)), answers);
    }

    GumsConfig.Builder config() {
        return GumsConfig.builder(gums.endpoint(), GumsTls.hostContext(hostCert, hostKey, pki.trustDir()), SE_HOST,
                se.opensslDn());
    }

    @Override
    public void close() {
        gums.close();
    }
}
