package org.opensrm.transport.internal;

import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.italiangrid.voms.ac.VOMSACValidator;
import org.italiangrid.voms.ac.VOMSValidationResult;
import org.italiangrid.voms.error.VOMSValidationErrorMessage;
import org.opensrm.authz.ClientIdentity;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a validated client chain into a {@link ClientIdentity}: end-entity subject and issuer, VOMS FQANs of the
 * attribute certificates that pass validation (vomsdir {@code .lsc}, signature, lifetime, target), and why the
 * others did not.
 */
public final class IdentityResolver {
    private static final Logger LOG = LoggerFactory.getLogger(IdentityResolver.class);

    private final VOMSACValidator voms;

    /** @param voms validator of VOMS attribute certificates; {@code null} = FQANs are left empty */
    public IdentityResolver(VOMSACValidator voms) {
        this.voms = voms;
    }

    public ClientIdentity resolve(X509Certificate[] chain) {
        X509Certificate endEntity = DistinguishedNames.endEntity(chain);
        String dn = DistinguishedNames.slashForm(endEntity.getSubjectX500Principal());
        String issuer = DistinguishedNames.slashForm(endEntity.getIssuerX500Principal());
        if (voms == null || chain.length < 2) {
            return new ClientIdentity(dn, issuer, List.of());
        }
        List<String> fqans = new ArrayList<>();
        List<String> rejected = new ArrayList<>();
        try {
            for (VOMSValidationResult result : voms.validateWithResult(chain)) {
                if (result.isValid()) {
                    fqans.addAll(result.getAttributes().getFQANs());
                } else {
                    String vo = result.getAttributes() == null ? "unknown" : result.getAttributes().getVO();
                    rejected.add("VO " + vo + ": " + errors(result));
                }
            }
        } catch (RuntimeException e) {
            rejected.add(String.valueOf(e.getMessage()));
        }
        if (!rejected.isEmpty()) {
            LOG.info("VOMS attributes of {} not accepted: {}", dn, rejected);
        }
        return new ClientIdentity(dn, issuer, fqans,
                rejected.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", rejected)));
    }

    private static String errors(VOMSValidationResult result) {
        List<String> out = new ArrayList<>();
        for (VOMSValidationErrorMessage m : result.getValidationErrors()) {
            out.add(m.getMessage());
        }
        return String.join(", ", out);
    }
}
