package org.opensrm.core.service;

/** One file of an srmPrepareToPut: the target SURL and the size the client declared (0 when none). */
public record PutFile(String surl, long expectedSize) {
}
