package org.opensrm.backend.hdfs.internal;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InterruptedIOException;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.ParentNotDirectoryException;
import org.apache.hadoop.fs.PathIsNotEmptyDirectoryException;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.authorize.AuthorizationException;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;
import org.opensrm.common.SrmStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hadoop client failures to {@link SrmException}s with the statuses of the {@code StorageBackend} contract. The
 * explanation names the namespace path, never the HDFS path (which would reveal the root) nor a credential.
 */
public final class Failures {
    private static final Logger LOG = LoggerFactory.getLogger(Failures.class);

    private Failures() {
    }

    public static SrmException map(String op, SrmPath path, IOException failure) {
        IOException e = unwrap(failure);
        LOG.debug("HDFS {} {} failed: {}", op, path, e.toString());
        if (e instanceof AuthorizationException) {
            // a site setting, not a passing fault: SRM_INTERNAL_ERROR would make clients retry in vain
            LOG.warn("the NameNode refuses to let this service act for an account ({} {}): {}; allow it with the "
                    + "NameNode's hadoop.proxyuser.<service user>.users/groups/hosts", op, path, e.getMessage());
            return new SrmException(SrmStatus.SRM_AUTHORIZATION_FAILURE, "the storage does not let this service act "
                    + "for your account (the site's hadoop.proxyuser settings): " + op + " " + path, e);
        }
        if (e instanceof AccessControlException) {
            return new SrmException(SrmStatus.SRM_AUTHORIZATION_FAILURE, op + " " + path + ": permission denied", e);
        }
        if (e instanceof FileNotFoundException) {
            return new SrmException(SrmStatus.SRM_INVALID_PATH, op + " " + path + ": no such file or directory", e);
        }
        if (e instanceof ParentNotDirectoryException) {
            return new SrmException(SrmStatus.SRM_INVALID_PATH, op + " " + path + ": a component is not a directory",
                    e);
        }
        if (e instanceof PathIsNotEmptyDirectoryException) {
            return new SrmException(SrmStatus.SRM_NON_EMPTY_DIRECTORY, op + " " + path + ": directory not empty", e);
        }
        if (e instanceof FileAlreadyExistsException) {
            return new SrmException(SrmStatus.SRM_DUPLICATION_ERROR, op + " " + path + ": already exists", e);
        }
        if (unreachable(e)) {
            LOG.warn("HDFS {} {}: the NameNode cannot be reached: {}", op, path, e.toString());
            return SrmException.internal("the storage's NameNode cannot be reached; retry later (" + op + " " + path
                    + ")", e);
        }
        if (starting(failure) || starting(e)) {
            LOG.warn("HDFS {} {}: the NameNode is starting (safe mode): {}", op, path, firstLine(e));
            return SrmException.internal("the storage's NameNode is starting (safe mode); retry later (" + op + " "
                    + path + ")", e);
        }
        if (e instanceof InterruptedIOException) {
            return SrmException.internal(op + " " + path + ": interrupted", e);
        }
        LOG.warn("HDFS {} {} failed", op, path, e);
        return SrmException.internal(op + " " + path + ": storage failure (" + e.getClass().getSimpleName() + ")", e);
    }

    /**
     * The NameNode is down or restarting: the connection is refused, reset or timed out, or closed in the middle of
     * a call (Hadoop's client keeps the type of the socket's failure and gives up after
     * {@code ipc.client.connect.max.retries}).
     */
    static boolean unreachable(IOException e) {
        return e instanceof java.net.SocketException || e instanceof java.net.SocketTimeoutException
                || e instanceof java.io.EOFException;
    }

    /** The NameNode is up but not serving yet: in safe mode after a start, or asking the client to retry. */
    static boolean starting(IOException e) {
        String name = e instanceof RemoteException re ? re.getClassName() : e.getClass().getName();
        return name.endsWith(".SafeModeException") || name.endsWith(".RetriableException")
                || name.endsWith(".StandbyException");
    }

    private static String firstLine(IOException e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return e.getClass().getSimpleName() + ": " + (nl < 0 ? m : m.substring(0, nl));
    }

    /** A name HDFS refuses (it rejects ':' in names, for one) cannot be a path there. */
    public static SrmException invalidName(String op, SrmPath path, IllegalArgumentException e) {
        LOG.debug("HDFS {} {} refused the name: {}", op, path, e.toString());
        return new SrmException(SrmStatus.SRM_INVALID_PATH, op + " " + path + ": not a valid HDFS name", e);
    }

    public static IOException unwrap(IOException e) {
        if (e instanceof RemoteException re) {
            IOException inner = re.unwrapRemoteException();
            return inner instanceof RemoteException ? inner : unwrap(inner);
        }
        return e;
    }
}
