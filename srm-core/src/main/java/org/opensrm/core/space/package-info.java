/**
 * Space reservation (SRM v2.2 section on space management; issue 11): reservations as persisted objects, the rules
 * of the eleven space operations, and the quota checks the put path calls.
 *
 * <ul>
 *   <li>{@link org.opensrm.core.space.SpaceReservation}: a token (random, or a static token's name), its owner, the
 *       VOMS group it is for, REPLICA/ONLINE, total/guaranteed/used bytes, lifetime, description, state.</li>
 *   <li>{@link org.opensrm.core.space.SpaceStore}: where they and their files are kept; every change of used bytes
 *       is one conditional statement ({@code used_bytes <= total_bytes - n}), so racing puts get exactly what
 *       fits. {@code org.opensrm.stores.SpaceStores} (the stores module) opens it in the request store's database
 *       (SQLite file or PostgreSQL; migration {@code V3__space.sql}).</li>
 *   <li>{@link org.opensrm.core.space.SpaceService}: the operations with their authorisation rules and statuses,
 *       and {@code admit}/{@code commit}/{@code abandon} for puts with a {@code targetSpaceToken}.</li>
 * </ul>
 *
 * <p>Statuses: CUSTODIAL, OUTPUT or NEARLINE: {@code SRM_NOT_SUPPORTED} (disk only). Negative, zero-guaranteed,
 * inconsistent or absurd sizes, zero or over-maximum lifetimes, malformed descriptions, unknown or released tokens:
 * {@code SRM_INVALID_REQUEST}. Beyond the VO's limit, or a put that does not fit its reservation:
 * {@code SRM_EXCEED_ALLOCATION}. Beyond the site's limit: {@code SRM_NO_FREE_SPACE}. Past the reservation's
 * lifetime: {@code SRM_SPACE_LIFETIME_EXPIRED}. Another group's reservation, or releasing/updating what one does not
 * own (or a static token): {@code SRM_AUTHORIZATION_FAILURE}.
 *
 * <p>Not wired yet. Full mode will: open the store with the request store's settings
 * ({@code org.opensrm.stores.SpaceStores}); build {@link org.opensrm.core.space.SpaceLimits} from the
 * configuration; give the service the backend's file sizes ({@link org.opensrm.core.space.FileSizes}) and the
 * engine's pins ({@link org.opensrm.core.space.PinnedFiles}); declare every {@code space.tokens} entry at start
 * ({@code declareStatic}); let the reaper call {@code expireDue}; and, in the put path, {@code admit} at
 * srmPrepareToPut with a {@code targetSpaceToken}, {@code commit} at srmPutDone (removing the upload when it is
 * refused), {@code abandon} when a put is aborted, fails or expires, {@code removed}/{@code renamed} after srmRm and
 * srmMv. The caller's {@link org.opensrm.core.Owner} must carry its FQANs: membership is decided by them.
 */
package org.opensrm.core.space;
