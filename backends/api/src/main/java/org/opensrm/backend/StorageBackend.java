package org.opensrm.backend;

import java.io.Closeable;
import java.util.List;
import org.opensrm.common.Account;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;

/**
 * The storage a storage element exposes: its namespace, file metadata, checksums and space figures.
 *
 * <p>Every call is made <em>as</em> an {@link Account}: the implementation decides access with that account's
 * uid, gid and groups against the storage's own permissions, and whatever it creates is owned by that account.
 * Paths are {@link SrmPath}s, already free of {@code ..}; an implementation must still make sure that nothing
 * outside its root is reached (symbolic links pointing out of it are refused with {@code SRM_INVALID_PATH}).
 *
 * <p>Failures are {@link SrmException}s with these statuses, which callers rely on:
 * <ul>
 *   <li>{@code SRM_INVALID_PATH}: the path (or, for creation, its parent) does not exist, or a component of it
 *       is not a directory;</li>
 *   <li>{@code SRM_AUTHORIZATION_FAILURE}: the account may not do this;</li>
 *   <li>{@code SRM_DUPLICATION_ERROR}: creating or renaming onto something that exists;</li>
 *   <li>{@code SRM_NON_EMPTY_DIRECTORY}: removing a directory with entries, non-recursively;</li>
 *   <li>{@code SRM_INVALID_REQUEST}: the operation does not fit the entry's type (rmdir on a file, delete on
 *       a directory);</li>
 *   <li>{@code SRM_INTERNAL_ERROR}: the storage itself failed (I/O error, unreachable NameNode).</li>
 * </ul>
 * Implementations are thread-safe.
 */
public interface StorageBackend extends Closeable {

    /** What this implementation can and cannot do, as data; the contract suite reads it. */
    BackendCapabilities capabilities();

    /** Metadata of one entry. The checksum field is filled only if one is already stored. */
    FileStat stat(Account as, SrmPath path) throws SrmException;

    /**
     * Whether a writer still holds the file at {@code path} open, where the storage tells (HDFS: the file is under
     * construction, a client holds its lease); false where it cannot, and for a file no writer holds. A file's
     * modification time moves with every write on POSIX, but only when it is closed on HDFS: an upload in progress
     * is told from a stalled one by both ({@code UploadJanitor}). Asked only of an upload whose time looks idle.
     */
    default boolean openForWriting(Account as, SrmPath path) throws SrmException {
        return false;
    }

    /**
     * The entries of a directory, sorted by name, each with the metadata of {@link #stat}. Needs read and search
     * permission on the directory.
     */
    List<FileStat> list(Account as, SrmPath directory) throws SrmException;

    /** Creates one directory, owned by {@code as}; the parent must exist. */
    void mkdir(Account as, SrmPath path) throws SrmException;

    /** Removes a directory; with {@code recursive}, everything below it first. */
    void rmdir(Account as, SrmPath path, boolean recursive) throws SrmException;

    /** Removes a file (not a directory). */
    void delete(Account as, SrmPath path) throws SrmException;

    /**
     * Renames atomically. With {@code replace} an existing file at {@code to} is replaced in one step;
     * without it an existing {@code to} gives {@code SRM_DUPLICATION_ERROR} and nothing changes. Readers never
     * see a partly renamed or missing target.
     */
    void rename(Account as, SrmPath from, SrmPath to, boolean replace) throws SrmException;

    /** Sets the permission bits (only the owner may). */
    void setMode(Account as, SrmPath path, PosixMode mode) throws SrmException;

    /** What {@code as} may do with the entry, evaluated the way the storage would evaluate it. */
    AccessRights access(Account as, SrmPath path) throws SrmException;

    /**
     * The file's checksum in {@code algorithm} ({@code "adler32"} at least): the stored value when it is still
     * valid for the file's current content, otherwise computed once by streaming the file and stored with it.
     * Returned as the wire wants it (adler32: 8 lowercase hex digits).
     */
    String checksum(Account as, SrmPath path, String algorithm) throws SrmException;

    /**
     * Makes {@code directory} a drop box every account may use but none may look into: created if missing (its
     * parent must exist) by the storage's own identity, which owns it, with mode 1733 &mdash; every account may
     * create entries in it and reach them by name, none may list it, and (sticky bit) none may remove or rename
     * another's entry. An existing directory is given that mode; anything else at the path is
     * {@code SRM_DUPLICATION_ERROR}. The server keeps uploads in progress below it (see the server's
     * {@code StagingArea}).
     */
    void createDropBox(SrmPath directory) throws SrmException;

    /**
     * Makes {@code as} the owner of a file that a door wrote under its own identity into a directory {@code as}
     * owns (an XRootD door writes as one account for every client; srmPutDone gives the upload to its account
     * before it lands): owner the account, group its primary group (the directory's group when the directory is
     * setgid); the mode bits stay. Only for a file directly in a directory the account owns.
     *
     * @throws SrmException {@code SRM_AUTHORIZATION_FAILURE} when {@code as} does not own the file's directory,
     *                      {@code SRM_INVALID_REQUEST} for a directory, {@code SRM_NOT_SUPPORTED} where the
     *                      storage cannot change owners (the default: no door writes into it as another identity)
     */
    default void adopt(Account as, SrmPath path) throws SrmException {
        throw new SrmException(SrmStatus.SRM_NOT_SUPPORTED, type() + " storage cannot give a file to an account");
    }

    /** Total and free bytes of the storage that holds {@code path}. */
    SpaceFigures space(SrmPath path) throws SrmException;

    /** A short name for srmPing's {@code backend_type}, e.g. {@code "posix"}. */
    String type();
}
