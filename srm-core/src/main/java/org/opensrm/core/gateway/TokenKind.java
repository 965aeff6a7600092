package org.opensrm.core.gateway;

/** Which request a token was issued for; a token of one kind is refused by the status calls of another. */
public enum TokenKind {
    PUT('P'), GET('G'), BRING_ONLINE('B');

    private final char code;

    TokenKind(char code) {
        this.code = code;
    }

    public char code() {
        return code;
    }

    static TokenKind of(char code) {
        for (TokenKind k : values()) {
            if (k.code == code) {
                return k;
            }
        }
        return null;
    }
}
