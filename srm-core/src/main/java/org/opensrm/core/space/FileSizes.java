package org.opensrm.core.space;

import java.util.OptionalLong;
import org.opensrm.common.SrmException;
import org.opensrm.common.SrmPath;

/** The size of a file in the namespace (the backend's), for files that enter a space after they were written. */
@FunctionalInterface
public interface FileSizes {
    /** @return the size, or empty when there is no such file (or it is a directory) */
    OptionalLong sizeOf(SrmPath path) throws SrmException;
}
