package org.opensrm.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;
import org.opensrm.server.config.ConfigException;

/** The host names a host certificate vouches for: its DNS subjectAltNames, then its CN. */
final class HostCertificateNames {
    private HostCertificateNames() {
    }

    static List<String> of(Path hostCert) throws ConfigException {
        try (InputStream in = Files.newInputStream(hostCert)) {
            X509Certificate cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
            Set<String> names = new LinkedHashSet<>();
            Collection<List<?>> sans = cert.getSubjectAlternativeNames();
            if (sans != null) {
                for (List<?> san : sans) {
                    if (((Integer) san.get(0)) == 2) {
                        names.add(((String) san.get(1)).toLowerCase());
                    }
                }
            }
            for (Rdn rdn : new LdapName(cert.getSubjectX500Principal().getName()).getRdns()) {
                if (rdn.getType().equalsIgnoreCase("CN")) {
                    String cn = rdn.getValue().toString();
                    names.add((cn.contains("/") ? cn.substring(cn.indexOf('/') + 1) : cn).toLowerCase());
                }
            }
            if (names.isEmpty()) {
                throw new ConfigException("host certificate " + hostCert + " names no host; set srm.surl.hosts");
            }
            return new ArrayList<>(names);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new ConfigException("host certificate srm.hostcert=" + hostCert + " does not exist");
        } catch (IOException e) {
            throw new ConfigException("cannot read host certificate srm.hostcert=" + hostCert + ": " + e);
        } catch (CertificateParsingException | InvalidNameException e) {
            throw new ConfigException("cannot read the names in host certificate " + hostCert + ": " + e.getMessage());
        } catch (CertificateException e) {
            throw new ConfigException("srm.hostcert=" + hostCert + " is not a PEM certificate: " + e.getMessage());
        }
    }
}
