/**
 * Who may use the storage element, and as which local account.
 *
 * <p>{@link org.opensrm.authz.Authorizer} is the SPI the server calls on every request;
 * {@link org.opensrm.authz.Authorizer#DENY_ALL} is the default until one is configured. The one implementation
 * the server wires is the {@link org.opensrm.authz.AuthorizationChain}: the {@link org.opensrm.authz.BanList},
 * a refusal of proxies whose VOMS attribute certificates were rejected, then {@link org.opensrm.authz.Mapper}s in
 * the configured order, then the {@link org.opensrm.authz.AccountResolver}; one audit line per decision. Each
 * mapper lives in its own package:
 * <ul>
 * <li>{@code gridmap}: grid-mapfile (and grid-vorolemap lines), {@link org.opensrm.authz.gridmap.GridMapMapper};</li>
 * <li>{@code vomsmap}: the primary FQAN against a role map of FQAN patterns, to accounts or pool accounts,
 *     {@link org.opensrm.authz.vomsmap.VomsMapMapper};</li>
 * <li>{@code gums}: the GUMS XACML call-out, cached, {@link org.opensrm.authz.gums.GumsMapper}.</li>
 * </ul>
 * <pre>{@code
 * Authorizer authz = Authorizers.chain(BanList.fromFile(Path.of("/etc/opensrm/ban-list"), Duration.ofSeconds(2)),
 *         List.of(new GridMapMapper(GridMapConfig.builder(Path.of("/etc/grid-security/grid-mapfile")).build())),
 *         AccountResolver.system());
 * }</pre>
 *
 * <p>File formats (blank lines and {@code #} comments allowed everywhere):
 * <ul>
 * <li>grid-mapfile: {@code "DN" account[,account...]}, the first account being the one used; the DN quoted with
 *     {@code "} or {@code '} (backslash escapes), or unquoted up to the last whitespace.</li>
 * <li>grid-vorolemap lines, in either file: {@code "DN" "FQAN" account}, or {@code * "FQAN" account} for any
 *     DN; FQANs compare after dropping {@code /Role=NULL} and {@code /Capability=...}.</li>
 * <li>VOMS role map: {@code "FQAN-pattern" account} or {@code "FQAN-pattern" .pool}.</li>
 * <li>ban list: one DN or FQAN per line, quoted or not.</li>
 * </ul>
 * DNs compare case-insensitively with {@code Email=}, {@code E=} and {@code emailAddress=} alike (as JGlobus and
 * BeStMan2). Files are re-read when they change; a file that no longer parses is reported (file and line) and the
 * last good version stays in force. Mapping order of the grid-mapfile is documented on
 * {@link org.opensrm.authz.gridmap.GridMapMapper}.
 */
package org.opensrm.authz;
