package org.opensrm.backend.hdfs.internal;

import java.io.IOException;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/** One piece of work against HDFS, run as some identity. */
@FunctionalInterface
public interface HdfsCall<T> {
    T call(DistributedFileSystem fs) throws IOException;
}
