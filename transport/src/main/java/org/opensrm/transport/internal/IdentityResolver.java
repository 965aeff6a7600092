package org.opensrm.transport.internal;

import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;

import org.italiangrid.voms.VOMSAttribute;
import org.italiangrid.voms.ac.VOMSACValidator;
import org.opensrm.authz.ClientIdentity;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import eu.emi.security.authn.x509.proxy.ProxyUtils;

/** Turns a validated client chain into a {@link ClientIdentity}: end-entity subject and issuer, VOMS FQANs. */
public final class IdentityResolver {
    private static final Logger LOG = LoggerFactory.getLogger(IdentityResolver.class);

    private final VOMSACValidator voms;

    /** @param voms validator of VOMS attribute certificates; {@code null} = FQANs are left empty */
    public IdentityResolver(VOMSACValidator voms) {
        this.voms = voms;
    }

    public ClientIdentity resolve(X509Certificate[] chain) {
        X509Certificate endEntity = ProxyUtils.getEndUserCertificate(chain);
        if (endEntity == null) {
            endEntity = chain[chain.length - 1];
        }
        return new ClientIdentity(DistinguishedNames.slashForm(endEntity.getSubjectX500Principal()),
                DistinguishedNames.slashForm(endEntity.getIssuerX500Principal()), fqans(chain));
    }

    private List<String> fqans(X509Certificate[] chain) {
        if (voms == null || chain.length < 2) {
            return List.of();
        }
        try {
            List<String> fqans = new ArrayList<>();
            for (VOMSAttribute attribute : voms.validate(chain)) {
                fqans.addAll(attribute.getFQANs());
            }
            return fqans;
        } catch (RuntimeException e) {
            LOG.warn("VOMS attributes of {} not accepted: {}", chain[0].getSubjectX500Principal(), e.getMessage());
            return List.of();
        }
    }
}
