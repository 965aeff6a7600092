package org.opensrm.core.gateway;

import java.security.SecureRandom;
import java.time.Clock;
import org.opensrm.core.RequestStore;
import org.opensrm.core.contract.RequestStoreContracts;
import org.opensrm.core.contract.StoreFixture;

/** Every request store contract suite, bound to gateway mode's signed tokens (one key per fixture). */
class TokenRequestStoreContractsTest extends RequestStoreContracts {
    @Override
    protected StoreFixture newFixture() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return new StoreFixture() {
            @Override
            public RequestStore open(Clock clock) {
                return new TokenRequestStore(new TokenCodec(key), clock);
            }

            @Override
            public void close() {
            }
        };
    }
}
