package org.opensrm.authz.gums;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.opensrm.authz.ClientIdentity;

/**
 * One XACML query to GUMS over HTTPS with the host certificate, bounded in time (connection and whole answer) and
 * in answer size ({@link #MAX_ANSWER_BYTES}).
 */
final class GumsClient {
    /** A GUMS answer is about 2 KB; anything far larger is not one. */
    static final int MAX_ANSWER_BYTES = 64 * 1024;

    /** GUMS could not be asked or gave no answer in time. */
    static final class Unreachable extends Exception {
        private static final long serialVersionUID = 1L;

        Unreachable(String message) {
            super(message);
        }
    }

    private final GumsConfig config;
    private final HttpClient http;

    GumsClient(GumsConfig config) {
        this.config = config;
        this.http = HttpClient.newBuilder().sslContext(config.tls()).version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(config.timeout()).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    XacmlAnswer ask(ClientIdentity client) throws Unreachable, XacmlAnswer.Unusable {
        HttpRequest request = HttpRequest.newBuilder(config.endpoint()).timeout(config.timeout())
                .header("Content-Type", "text/xml; charset=utf-8").header("SOAPAction", "\"\"")
                .POST(HttpRequest.BodyPublishers.ofByteArray(XacmlQuery.build(client, config.seHost(), config.seDn())))
                .build();
        CompletableFuture<HttpResponse<byte[]>> exchange =
                http.sendAsync(request, LimitedBody.handler(MAX_ANSWER_BYTES));
        HttpResponse<byte[]> response;
        try {
            response = exchange.get(config.timeout().toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            exchange.cancel(true);
            throw new Unreachable("no answer within " + config.timeout().toMillis() + " ms");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof HttpTimeoutException) {
                throw new Unreachable("no answer within " + config.timeout().toMillis() + " ms");
            }
            if (cause instanceof IOException && String.valueOf(cause.getMessage()).startsWith("the answer is larger")) {
                throw new XacmlAnswer.Unusable("GUMS " + cause.getMessage());
            }
            throw new Unreachable(cause instanceof IOException ? describe(cause) : String.valueOf(cause));
        } catch (InterruptedException e) {
            exchange.cancel(true);
            Thread.currentThread().interrupt();
            throw new Unreachable("interrupted while waiting for the answer");
        }
        byte[] body = response.body();
        if (response.statusCode() != 200 && response.statusCode() != 500) {
            throw new Unreachable("HTTP status " + response.statusCode());
        }
        return XacmlAnswer.parse(body);
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }

    @Override
    public String toString() {
        return "GUMS at " + config.endpoint();
    }
}
