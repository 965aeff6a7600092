package org.opensrm.authz;

import java.util.List;
import java.util.Objects;

/**
 * Who a client proved to be over TLS: the end-entity certificate's subject (proxy certificates stripped), its
 * issuer, and the VOMS FQANs its proxy carried (validated; empty when it carried none).
 *
 * @param dn       end-entity subject in OpenSSL slash form, e.g. {@code /DC=org/DC=example/CN=Jane Doe}
 * @param issuerDn issuer of the end-entity certificate, same form
 * @param fqans    VOMS FQANs, primary first
 */
public record ClientIdentity(String dn, String issuerDn, List<String> fqans) {
    public ClientIdentity {
        Objects.requireNonNull(dn, "dn");
        Objects.requireNonNull(issuerDn, "issuerDn");
        fqans = List.copyOf(fqans);
    }

    public static ClientIdentity of(String dn) {
        return new ClientIdentity(dn, "", List.of());
    }
}
