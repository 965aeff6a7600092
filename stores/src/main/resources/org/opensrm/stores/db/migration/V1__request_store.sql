-- The request store, one schema for the embedded engine (SQLite) and PostgreSQL. Times are epoch milliseconds,
-- durations milliseconds. A request's files are deleted with it.
CREATE TABLE srm_request (
    token         VARCHAR(256)  NOT NULL PRIMARY KEY,
    kind          VARCHAR(32)   NOT NULL,
    state         VARCHAR(32)   NOT NULL,
    owner_dn      VARCHAR(2048) NOT NULL,
    owner_account VARCHAR(256)  NOT NULL,
    owner_fqans   TEXT          NOT NULL,
    description   VARCHAR(2048),
    parameters    TEXT          NOT NULL,
    explanation   TEXT          NOT NULL,
    created_at    BIGINT        NOT NULL,
    expires_at    BIGINT        NOT NULL,
    finished_at   BIGINT
);

-- srmGetRequestTokens: a user's requests, by description
CREATE INDEX srm_request_by_owner ON srm_request (owner_dn, description);
-- after a restart: the active requests
CREATE INDEX srm_request_by_state ON srm_request (state);
-- the reaper: active requests whose total request time runs out
CREATE INDEX srm_request_active_by_expiry ON srm_request (expires_at)
    WHERE state IN ('QUEUED', 'IN_PROGRESS', 'SUSPENDED');
-- the purge: finished requests by age
CREATE INDEX srm_request_by_finish ON srm_request (finished_at) WHERE finished_at IS NOT NULL;

CREATE TABLE srm_file_request (
    token          VARCHAR(256)  NOT NULL REFERENCES srm_request (token) ON DELETE CASCADE,
    idx            INTEGER       NOT NULL,
    surl           VARCHAR(8192) NOT NULL,
    target_surl    VARCHAR(8192),
    state          VARCHAR(32)   NOT NULL,
    status         VARCHAR(48)   NOT NULL,
    explanation    TEXT          NOT NULL,
    turl           VARCHAR(8192),
    size           BIGINT,
    pin_lifetime   BIGINT        NOT NULL,
    file_lifetime  BIGINT        NOT NULL,
    pin_expires_at BIGINT,
    PRIMARY KEY (token, idx)
);

-- the reaper: pins and TURLs that run out
CREATE INDEX srm_file_by_pin_expiry ON srm_file_request (pin_expires_at) WHERE pin_expires_at IS NOT NULL;
