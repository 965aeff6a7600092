package org.opensrm.backend;

/** The SRM file types ({@code TFileType}). */
public enum FileType { FILE, DIRECTORY, LINK }
