package org.opensrm.loadtest.internal;

import java.nio.charset.StandardCharsets;

/**
 * One HTTP response as read off the wire.
 *
 * @param status         HTTP status code
 * @param body           the (de-chunked) entity
 * @param closeRequested whether the server asked to close the connection after this response
 */
public record HttpResponse(int status, byte[] body, boolean closeRequested) {
    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }
}
