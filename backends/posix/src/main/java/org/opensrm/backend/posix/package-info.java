/** A storage backend over a local POSIX file system. */
package org.opensrm.backend.posix;
