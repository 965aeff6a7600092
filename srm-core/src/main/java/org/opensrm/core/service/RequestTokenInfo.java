package org.opensrm.core.service;

import java.time.Instant;

/** One entry of srmGetRequestTokens' answer: a request of the caller's and when it was made. */
public record RequestTokenInfo(String token, Instant createdAt) {
}
