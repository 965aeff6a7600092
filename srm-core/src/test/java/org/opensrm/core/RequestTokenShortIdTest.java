package org.opensrm.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.opensrm.core.gateway.TokenCodec;

/** The short id logs and the MDC show for a token, whichever mode made it. */
class RequestTokenShortIdTest {

    @Test
    void aFullModeTokenShowsItsFirstTenCharacters() {
        RequestToken token = new TokenGenerator().next();
        assertEquals(token.value().substring(0, 10), RequestToken.shortId(token.value()));
        assertEquals(token.shortId(), RequestToken.shortId(token.value()));
    }

    @Test
    void aGatewayTokenShowsItsSignatureOnlyAsTokenCodecDoes() {
        String signed = "v2.Z2V0fDE3MDAwMDAwMDB8L2FsaWNl.Sig0123456789abcdef";
        assertEquals("Sig0123456", RequestToken.shortId(signed));
        assertEquals(TokenCodec.shortId(signed), RequestToken.shortId(signed));
    }

    @Test
    void shortAndMissingTokensAreShownWhole() {
        assertEquals("abc", RequestToken.shortId("abc"));
        assertEquals("", RequestToken.shortId("payload."));
        assertEquals("-", RequestToken.shortId(null));
    }
}
