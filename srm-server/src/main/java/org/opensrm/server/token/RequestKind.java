package org.opensrm.server.token;

/** Which request a token was issued for; a token of one kind is refused by the status calls of another. */
public enum RequestKind {
    PUT('P'), GET('G'), BRING_ONLINE('B');

    private final char code;

    RequestKind(char code) {
        this.code = code;
    }

    public char code() {
        return code;
    }

    static RequestKind of(char code) {
        for (RequestKind k : values()) {
            if (k.code == code) {
                return k;
            }
        }
        return null;
    }
}
