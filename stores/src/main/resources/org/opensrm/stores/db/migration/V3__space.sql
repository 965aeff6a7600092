-- Space reservations (issue 11), one schema for SQLite and PostgreSQL, in the request store's database. Times are
-- epoch milliseconds, sizes bytes. A reservation leaves its files when it is released or expires (the files stay
-- in the namespace).
CREATE TABLE srm_space (
    token            VARCHAR(256)  NOT NULL PRIMARY KEY,
    owner_dn         VARCHAR(2048) NOT NULL,
    owner_account    VARCHAR(256)  NOT NULL,
    owner_fqans      TEXT          NOT NULL,
    vo_group         VARCHAR(512),
    quota_key        VARCHAR(512)  NOT NULL,
    retention        VARCHAR(16)   NOT NULL,
    latency          VARCHAR(16)   NOT NULL,
    total_bytes      BIGINT        NOT NULL,
    guaranteed_bytes BIGINT        NOT NULL,
    used_bytes       BIGINT        NOT NULL,
    description      VARCHAR(2048),
    state            VARCHAR(16)   NOT NULL,
    is_static        BOOLEAN       NOT NULL,
    created_at       BIGINT        NOT NULL,
    expires_at       BIGINT,
    CHECK (guaranteed_bytes >= 0 AND guaranteed_bytes <= total_bytes),
    CHECK (used_bytes >= 0 AND used_bytes <= total_bytes)
);

-- srmGetSpaceTokens: by description
CREATE INDEX srm_space_by_description ON srm_space (description);
-- a user's reservations
CREATE INDEX srm_space_by_owner ON srm_space (owner_dn, owner_account);
-- site limits: what a VO holds reserved
CREATE INDEX srm_space_by_quota ON srm_space (quota_key) WHERE state = 'RESERVED';
-- the reaper: reservations whose lifetime runs out
CREATE INDEX srm_space_by_expiry ON srm_space (expires_at) WHERE state = 'RESERVED' AND expires_at IS NOT NULL;

-- One row per quota key ('*': the whole site), locked by a transaction that makes or grows a reservation under
-- it, so that two frontends reserving at once cannot both pass the same limit.
CREATE TABLE srm_space_quota (
    quota_key VARCHAR(512) NOT NULL PRIMARY KEY
);
INSERT INTO srm_space_quota (quota_key) VALUES ('*');

CREATE TABLE srm_space_file (
    path       VARCHAR(2048) NOT NULL PRIMARY KEY,
    token      VARCHAR(256)  NOT NULL REFERENCES srm_space (token),
    size_bytes BIGINT        NOT NULL,
    expires_at BIGINT,
    CHECK (size_bytes >= 0)
);

-- srmPurgeFromSpace, srmExtendFileLifeTimeInSpace without SURLs, release: a space's files
CREATE INDEX srm_space_file_by_token ON srm_space_file (token);
