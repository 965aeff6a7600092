/** Makes the PKI a grid storage element needs for development and tests: CA, host and user certificates, RFC 3820 and legacy proxies, in the layout of /etc/grid-security. */
package org.opensrm.devpki;
