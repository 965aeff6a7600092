package org.opensrm.devpki;

/** The two proxy certificate flavours grid clients present. */
public enum ProxyStyle {
    /** RFC 3820 proxy: critical ProxyCertInfo extension (id-ppl-inheritAll), subject CN = the serial number. */
    RFC3820,
    /** Legacy (pre-RFC, "full") Globus proxy: no ProxyCertInfo, subject CN = "proxy". */
    LEGACY
}
