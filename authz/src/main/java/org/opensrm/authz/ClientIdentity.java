package org.opensrm.authz;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Who a client proved to be over TLS: the end-entity certificate's subject (proxy certificates stripped), its
 * issuer, and the VOMS FQANs its proxy carried (validated; empty when it carried none). A client that came over
 * HTTPS without a certificate but with an {@code Authorization: Bearer} header has an empty DN and its
 * {@link #bearer()} token, which only a token mapper in the chain can validate.
 *
 * @param dn           end-entity subject in OpenSSL slash form, e.g. {@code /DC=org/DC=example/CN=Jane Doe}
 * @param issuerDn     issuer of the end-entity certificate, same form
 * @param fqans        VOMS FQANs of the valid attribute certificates, primary first
 * @param vomsRejected why a VOMS attribute certificate the proxy carried was not accepted (untrusted issuer,
 *                     expired, bad signature); empty when every one was. The authorization chain refuses a
 *                     client with a rejected attribute certificate rather than map it without its attributes.
 * @param bearer       the bearer token of a client without certificate; empty for certificate clients
 */
public record ClientIdentity(String dn, String issuerDn, List<String> fqans, Optional<String> vomsRejected,
                             Optional<BearerToken> bearer) {
    public ClientIdentity {
        Objects.requireNonNull(dn, "dn");
        Objects.requireNonNull(issuerDn, "issuerDn");
        fqans = List.copyOf(fqans);
        Objects.requireNonNull(vomsRejected, "vomsRejected");
        Objects.requireNonNull(bearer, "bearer");
    }

    /** A certificate client. */
    public ClientIdentity(String dn, String issuerDn, List<String> fqans, Optional<String> vomsRejected) {
        this(dn, issuerDn, fqans, vomsRejected, Optional.empty());
    }

    /** A client whose VOMS attributes (if any) were all accepted. */
    public ClientIdentity(String dn, String issuerDn, List<String> fqans) {
        this(dn, issuerDn, fqans, Optional.empty());
    }

    /** A client without certificate that sent this bearer token (not yet validated). */
    public static ClientIdentity of(BearerToken token) {
        return new ClientIdentity("", "", List.of(), Optional.empty(), Optional.of(token));
    }

    /** What logs name before a mapper established more: the DN, or {@code bearer} for a token client. */
    public String subject() {
        return bearer.isPresent() ? "bearer" : dn;
    }

    public static ClientIdentity of(String dn) {
        return new ClientIdentity(dn, "", List.of());
    }

    /** The primary FQAN, if the client has any. */
    public Optional<String> primaryFqan() {
        return fqans.isEmpty() ? Optional.empty() : Optional.of(fqans.get(0));
    }
}
