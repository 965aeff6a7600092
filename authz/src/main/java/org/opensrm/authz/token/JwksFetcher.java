package org.opensrm.authz.token;

import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.util.JSONObjectUtils;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.time.Duration;
import java.util.Map;
import org.opensrm.authz.internal.MalformedFileException;

/**
 * Fetches an issuer's keys as OpenID Connect Discovery describes: its discovery document at {@code iss} +
 * {@code /.well-known/openid-configuration}, whose {@code issuer} must be the configured {@code iss} (a trailing
 * {@code /} aside) and whose {@code jwks_uri} must be https, then that JWK set (public keys only). Each document
 * is read up to {@link KeyFetching#MAX_DOCUMENT_BYTES}, each request within the timeout. Thread-safe.
 */
final class JwksFetcher {
    private final HttpClient http;
    private final Duration timeout;

    JwksFetcher(KeyFetching fetching) {
        this.timeout = fetching.timeout();
        this.http = HttpClient.newBuilder().sslContext(IssuerTls.context(fetching)).connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    /** @throws IOException saying which document could not be fetched or used, and why */
    JWKSet fetch(TokenIssuer issuer) throws IOException {
        URI discoveryUri = issuer.discoveryUri();
        Map<String, Object> discovery;
        try {
            discovery = JSONObjectUtils.parse(get(discoveryUri));
        } catch (ParseException e) {
            throw new IOException("discovery document " + discoveryUri + " is not a JSON object");
        }
        Object announced = discovery.get("issuer");
        if (!(announced instanceof String s) || !trimSlash(s).equals(trimSlash(issuer.iss()))) {
            throw new IOException("discovery document " + discoveryUri + " names the issuer '" + announced
                    + "', not " + issuer.iss());
        }
        Object jwksUri = discovery.get("jwks_uri");
        URI uri;
        try {
            uri = jwksUri instanceof String u ? URI.create(u) : null;
        } catch (IllegalArgumentException e) {
            uri = null;
        }
        if (uri == null || !"https".equals(uri.getScheme())) {
            throw new IOException("discovery document " + discoveryUri + " has no https jwks_uri (got '" + jwksUri
                    + "')");
        }
        try {
            return Jwks.parse(get(uri));
        } catch (MalformedFileException e) {
            throw new IOException("JWKS " + uri + ": " + e.getMessage().replaceFirst("^line 1: ", ""));
        }
    }

    private String get(URI uri) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout).header("Accept", "application/json")
                .GET().build();
        HttpResponse<InputStream> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        } catch (HttpTimeoutException e) {
            throw new IOException(uri + " did not answer within " + timeout.toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while fetching " + uri);
        } catch (IOException e) {
            throw new IOException(uri + " cannot be reached: " + (e.getMessage() == null ? e.toString()
                    : e.getMessage()));
        }
        try (InputStream in = response.body()) {
            if (response.statusCode() != 200) {
                throw new IOException(uri + " answered HTTP " + response.statusCode());
            }
            byte[] body = in.readNBytes(KeyFetching.MAX_DOCUMENT_BYTES + 1);
            if (body.length > KeyFetching.MAX_DOCUMENT_BYTES) {
                throw new IOException(uri + " answered more than " + KeyFetching.MAX_DOCUMENT_BYTES + " bytes");
            }
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private static String trimSlash(String s) {
        return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
    }
}
