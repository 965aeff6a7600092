package org.opensrm.core.service;

/**
 * What an srmLs asked for.
 *
 * @param fullDetail whether owner, permissions, checksum and the like are wanted
 * @param levels     how many directory levels below each SURL (0: the SURL itself only); -1 for all
 * @param offset     entries of the listed directory to skip
 * @param count      most entries wanted, 0 for as many as allowed
 */
public record LsOptions(boolean fullDetail, int levels, int offset, int count) {
}
