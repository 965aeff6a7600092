package org.opensrm.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.opensrm.gridftp.GridFtpNode;
import org.opensrm.gridftp.GridFtpSelectors;
import org.opensrm.server.config.ServerConfig;

/**
 * Start-up checks of the site set-up that catch mistakes clients would otherwise meet one by one: no GridFTP door
 * (or none answering), a host certificate about to expire, a CA directory without CRLs. Each finding is a warning
 * naming what to fix; nothing here stops the start (a door may come up after the server).
 */
final class SiteCheck {
    static final Duration CERTIFICATE_MARGIN = Duration.ofDays(30);

    private final ServerConfig config;
    private final Clock clock;

    SiteCheck(ServerConfig config, Clock clock) {
        this.config = config;
        this.clock = clock;
    }

    List<String> warnings() {
        List<String> out = new ArrayList<>();
        doors(out);
        hostCertificate(out);
        crls(out);
        return out;
    }

    private void doors(List<String> out) {
        List<GridFtpNode> nodes = config.gridftpNodes();
        if (nodes.isEmpty()) {
            out.add("gridftp.nodes is empty: no transfer can be handed out (every srmPrepareToPut and "
                    + "srmPrepareToGet fails per file, 'no GridFTP node is configured'); list the doors, "
                    + "gridftp.nodes=gsiftp://door1:2811,...");
            return;
        }
        List<GridFtpNode> silent = nodes.stream()
                .filter(n -> !GridFtpSelectors.probe(n, config.gridftpProbeTimeout()).up()).toList();
        if (silent.size() == nodes.size()) {
            out.add("none of the GridFTP doors and other doors (gridftp.nodes, doors) answers (" + silent
                    + ", no greeting within "
                    + config.gridftpProbeTimeout().toMillis() + " ms): transfers fail until one does");
        } else if (!silent.isEmpty()) {
            out.add("door(s) " + silent + " of the GridFTP doors and other doors (gridftp.nodes, doors) do not answer"
                    + " (no greeting within "
                    + config.gridftpProbeTimeout().toMillis() + " ms); transfers go to the others until they do");
        }
    }

    private void hostCertificate(List<String> out) {
        X509Certificate cert;
        try (InputStream in = Files.newInputStream(config.hostCert())) {
            cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            return; // the transport refuses an unreadable certificate with its own message
        }
        Instant now = clock.instant();
        Instant end = cert.getNotAfter().toInstant();
        if (end.isBefore(now)) {
            out.add("host certificate " + config.hostCert() + " expired on " + end + ": clients refuse the server;"
                    + " renew it (it is re-read without a restart)");
        } else if (end.isBefore(now.plus(CERTIFICATE_MARGIN))) {
            out.add("host certificate " + config.hostCert() + " expires on " + end + ", in "
                    + Duration.between(now, end).toDays() + " days: renew it (it is re-read without a restart)");
        }
    }

    private void crls(List<String> out) {
        long cas;
        long crls;
        try (Stream<Path> files = Files.list(config.caDir())) {
            List<String> names = files.map(p -> p.getFileName().toString()).toList();
            cas = names.stream().filter(n -> n.matches("[0-9a-f]{8}\\.\\d+")).count();
            crls = names.stream().filter(n -> n.matches("[0-9a-f]{8}\\.r\\d+")).count();
        } catch (IOException e) {
            return; // the transport refuses a missing CA directory with its own message
        }
        if (cas > 0 && crls == 0) {
            out.add("CA directory " + config.caDir() + " holds " + cas + " CA certificate(s) but no CRL (<hash>.r0):"
                    + " revoked certificates are accepted; install fetch-crl and keep it running");
        }
    }
}
