package org.opensrm.core.service;

import org.opensrm.common.SrmPath;

/**
 * A space token declared in configuration: a name clients pass as {@code targetSpaceToken}, the namespace area
 * that puts with it land in, and the size reported by srmGetSpaceMetaData.
 */
public record StaticSpaceToken(String name, SrmPath path, String description, long sizeBytes) {
}
