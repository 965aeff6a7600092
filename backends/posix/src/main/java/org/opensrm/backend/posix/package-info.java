/**
 * A storage backend over a local POSIX file system.
 *
 * <p>The composition root builds it as
 * {@code new PosixBackend(PosixBackendConfig.builder(Path.of("/storage")).build())}; everything below
 * {@code org.opensrm.backend.posix.internal} is implementation detail.
 */
package org.opensrm.backend.posix;
