-- Several frontends on one PostgreSQL (issue 21): each frontend's lease, which request each frontend works on, and
-- the uploads of open puts that every frontend must see. The same schema on the embedded store (SQLite), where
-- one frontend leaves the new columns empty and the new tables unused. Times are epoch milliseconds.

-- One row per frontend name: the lease's epoch (raised by every start of that name and by a take-over of its
-- work), its last heartbeat in the database's own clock, and when its silence made another frontend fence it
-- (empty while it is live).
CREATE TABLE srm_frontend (
    name         VARCHAR(256) NOT NULL PRIMARY KEY,
    epoch        BIGINT       NOT NULL,
    heartbeat_at BIGINT       NOT NULL,
    started_at   BIGINT       NOT NULL,
    taken_at     BIGINT
);

-- The lease a queued or in-progress request is worked on under: the engine stores a file's outcome only while the
-- request is still held by its own lease (fencing). Empty: nobody's (the embedded store, or written before).
ALTER TABLE srm_request ADD COLUMN frontend VARCHAR(256);
ALTER TABLE srm_request ADD COLUMN lease_epoch BIGINT;

-- The journal of uploads shared by the frontends of one PostgreSQL (the embedded store keeps its file journal):
-- an open put's upload and target (target empty: an aborted put's tombstone), by upload path.
CREATE TABLE srm_upload (
    upload       VARCHAR(8192) NOT NULL PRIMARY KEY,
    target       VARCHAR(8192),
    account_name VARCHAR(256)  NOT NULL,
    uid          INTEGER       NOT NULL,
    gid          INTEGER       NOT NULL,
    groups       TEXT          NOT NULL,
    expires_at   BIGINT        NOT NULL
);

-- SRM_FILE_BUSY: the open upload of a target
CREATE INDEX srm_upload_by_target ON srm_upload (target);
-- the sweep: uploads whose put expired
CREATE INDEX srm_upload_by_expiry ON srm_upload (expires_at);
