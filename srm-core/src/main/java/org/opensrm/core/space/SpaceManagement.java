package org.opensrm.core.space;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Owner;

/**
 * The eleven space operations as the SOAP edge calls them, whatever the mode: full mode's {@link SpaceService}
 * (reservations kept in the store) or gateway mode's static tokens, which answer srmGetSpaceTokens and
 * srmGetSpaceMetaData only. What an implementation does not offer is {@code SRM_NOT_SUPPORTED}
 * ({@link #offersReservation()} tells the edge whether to answer those operations at all).
 */
public interface SpaceManagement {
    /** Whether reservations can be made, released, updated and filled (full mode). */
    default boolean offersReservation() {
        return false;
    }

    /** srmGetSpaceMetaData: one answer per token, in order; a bad token fails alone. */
    List<SpaceDetail> metaData(Owner caller, List<String> tokens) throws SrmException;

    /** srmGetSpaceTokens: the tokens the caller may see, with this description when given. */
    List<SpaceToken> tokens(Owner caller, Optional<String> description) throws SrmException;

    default SpaceResult reserve(Owner caller, ReserveRequest request) throws SrmException {
        throw notOffered("srmReserveSpace");
    }

    default SpaceResult statusOfReserve(Owner caller, String requestToken) throws SrmException {
        throw notOffered("srmStatusOfReserveSpaceRequest");
    }

    default SpaceReservation release(Owner caller, SpaceToken token, boolean forceFileRelease) throws SrmException {
        throw notOffered("srmReleaseSpace");
    }

    default SpaceResult update(Owner caller, SpaceToken token, SpaceUpdate update) throws SrmException {
        throw notOffered("srmUpdateSpace");
    }

    default SpaceResult statusOfUpdate(Owner caller, String requestToken) throws SrmException {
        throw notOffered("srmStatusOfUpdateSpaceRequest");
    }

    default List<SpaceFileResult> changeSpaceForFiles(Owner caller, SpaceToken target, List<SrmPath> paths)
            throws SrmException {
        throw notOffered("srmChangeSpaceForFiles");
    }

    default List<SpaceFileResult> statusOfChangeSpaceForFiles(Owner caller, String requestToken)
            throws SrmException {
        throw notOffered("srmStatusOfChangeSpaceForFilesRequest");
    }

    default List<SpaceFileResult> extendFileLifeTimeInSpace(Owner caller, SpaceToken token, List<SrmPath> paths,
                                                            OptionalLong newLifetimeSeconds) throws SrmException {
        throw notOffered("srmExtendFileLifeTimeInSpace");
    }

    default List<SpaceFileResult> purgeFromSpace(Owner caller, SpaceToken token, List<SrmPath> paths)
            throws SrmException {
        throw notOffered("srmPurgeFromSpace");
    }

    private static SrmException notOffered(String operation) {
        return new SrmException(SrmStatus.SRM_NOT_SUPPORTED, operation + " needs full mode (srm.mode=full)");
    }
}
