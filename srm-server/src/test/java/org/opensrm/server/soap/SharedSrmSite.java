package org.opensrm.server.soap;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives a {@link RealSrmSite} parameter (of a {@code @BeforeAll} method, say) the one site with the default settings
 * that the test classes of this JVM share: started by the first class that asks, closed when the test run ends.
 * For classes that only send requests and read the answers, each about files of its own: a class that changes
 * the server's settings or counts what the server did starts a site of its own.
 */
final class SharedSrmSite implements ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SharedSrmSite.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == RealSrmSite.class;
    }

    @Override
    public RealSrmSite resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent(RealSrmSite.class, key -> new Running(), Running.class).site;
    }

    /** The site, closed with the root context's store at the end of the run. */
    private static final class Running implements ExtensionContext.Store.CloseableResource {
        final RealSrmSite site;

        Running() {
            try {
                site = RealSrmSite.start();
            } catch (Exception e) {
                throw new IllegalStateException("the shared SrmServer did not start", e);
            }
        }

        @Override
        public void close() throws Exception {
            site.close();
        }
    }
}
