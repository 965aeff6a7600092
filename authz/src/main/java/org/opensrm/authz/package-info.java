/**
 * Who may use the storage element, and as which local account.
 *
 * <p>{@link org.opensrm.authz.Authorizer} is the SPI the server calls on every request;
 * {@link org.opensrm.authz.Authorizer#DENY_ALL} is the default until one is configured. The grid-mapfile
 * implementation is wired with one call:
 * <pre>{@code
 * Authorizer authz = Authorizers.gridMap(GridMapConfig.builder(Path.of("/etc/grid-security/grid-mapfile"))
 *         .voRoleMapFile(Path.of("/etc/grid-security/grid-vorolemap"))   // optional
 *         .banListFile(Path.of("/etc/opensrm/ban-list"))                  // optional
 *         .build());                                                     // refresh 2 s, account cache 1 min
 * }</pre>
 *
 * <p>File formats (blank lines and {@code #} comments allowed everywhere):
 * <ul>
 * <li>grid-mapfile: {@code "DN" account[,account...]}, the first account being the one used; the DN quoted with
 *     {@code "} or {@code '} (backslash escapes), or unquoted up to the last whitespace.</li>
 * <li>grid-vorolemap lines, in either file: {@code "DN" "FQAN" account}, or {@code * "FQAN" account} for any
 *     DN; FQANs compare after dropping {@code /Role=NULL} and {@code /Capability=...}.</li>
 * <li>ban list: one DN or FQAN per line, quoted or not.</li>
 * </ul>
 * DNs compare case-insensitively with {@code Email=}, {@code E=} and {@code emailAddress=} alike (as JGlobus and
 * BeStMan2). Files are re-read when they change; a file that no longer parses is reported (file and line) and the
 * last good version stays in force. Mapping order is documented on {@link org.opensrm.authz.GridMapAuthorizer}.
 */
package org.opensrm.authz;
