package org.opensrm.authz.gums;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/** Collects an HTTP answer of at most {@code max} bytes; a larger one is cut off and fails the exchange. */
final class LimitedBody implements HttpResponse.BodySubscriber<byte[]> {
    private final int max;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private Flow.Subscription subscription;

    private LimitedBody(int max) {
        this.max = max;
    }

    static HttpResponse.BodyHandler<byte[]> handler(int max) {
        return info -> new LimitedBody(max);
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return result;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        this.subscription = s;
        s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        for (ByteBuffer b : buffers) {
            if (bytes.size() + b.remaining() > max) {
                subscription.cancel();
                result.completeExceptionally(new IOException("the answer is larger than " + max + " bytes"));
                return;
            }
            byte[] chunk = new byte[b.remaining()];
            b.get(chunk);
            bytes.write(chunk, 0, chunk.length);
        }
    }

    @Override
    public void onError(Throwable t) {
        result.completeExceptionally(t);
    }

    @Override
    public void onComplete() {
        result.complete(bytes.toByteArray());
    }
}
