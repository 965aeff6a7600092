package org.opensrm.core.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.opensrm.common.SrmStatus;
import org.opensrm.core.Owner;
import org.opensrm.core.Request;
import org.opensrm.core.RequestKind;
import org.opensrm.core.RequestToken;

/**
 * {@link org.opensrm.core.RequestStore#load}, {@link org.opensrm.core.RequestStore#loadOwned} and
 * {@link org.opensrm.core.RequestStore#loadOwnedToChange}.
 */
public abstract class LoadContract extends RequestStoreContract {

    @Test
    void loadsWhatWasCreated() throws Exception {
        Request r = create(RequestKind.GET, alice, 2);
        assertEquals(r, store.load(r.token()));
        assertEquals(r, store.loadOwned(r.token(), alice));
    }

    @Test
    void loadingToChangeAnswersAndChecksTheOwnerAsLoadingDoes() throws Exception {
        Request r = create(RequestKind.GET, alice, 2);
        assertEquals(store.loadOwned(r.token(), alice), store.loadOwnedToChange(r.token(), alice, List.of()));
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> store.loadOwnedToChange(r.token(), bob, List.of()));
        assertStatus(SrmStatus.SRM_INVALID_REQUEST,
                () -> store.loadOwnedToChange(new RequestToken("no-such-token"), alice, List.of()));
    }

    @Test
    void anUnknownTokenIsAnInvalidRequest() throws Exception {
        create(RequestKind.GET, alice, 1);
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> store.load(new RequestToken("no-such-token")));
        assertStatus(SrmStatus.SRM_INVALID_REQUEST, () -> store.loadOwned(new RequestToken("x'OR'1'='1"), alice));
    }

    @Test
    void anotherUsersTokenIsAnAuthorizationFailureThatRevealsNothing() throws Exception {
        Request r = create(RequestKind.PUT, alice, 1);
        Exception e = org.junit.jupiter.api.Assertions.assertThrows(Exception.class,
                () -> store.loadOwned(r.token(), bob));
        assertEquals(SrmStatus.SRM_AUTHORIZATION_FAILURE, ((org.opensrm.common.SrmException) e).status());
        assertEquals(false, e.getMessage().contains("srm://"));
        assertEquals(false, e.getMessage().contains("Alice"));
    }

    @Test
    void theSameDnMappedToAnotherAccountIsAnotherUser() throws Exception {
        Request r = create(RequestKind.GET, alice, 1);
        Owner sameDnOtherAccount = Owner.of(alice.dn(), "srmuser3");
        assertStatus(SrmStatus.SRM_AUTHORIZATION_FAILURE, () -> store.loadOwned(r.token(), sameDnOtherAccount));
        Owner otherFqans = Owner.of(alice.dn(), alice.account());
        assertEquals(r, store.loadOwned(r.token(), otherFqans));
    }
}
