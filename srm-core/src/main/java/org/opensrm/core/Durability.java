package org.opensrm.core;

/**
 * When a change kept by {@link RequestStore#update(RequestToken, RequestChange, Durability)} must be on the
 * database's disk (docs/architecture.md, "When a change is durable").
 */
public enum Durability {
    /**
     * Before the call returns: what a client is answered with that nothing could rebuild (a new request's token,
     * an abort, a put finished). Every change is this unless it says otherwise.
     */
    DURABLE,
    /**
     * May follow the answer by a moment (PostgreSQL: committed without waiting for the WAL flush, on disk within a
     * few hundred milliseconds or with the next durable commit): a crash of the database in that moment may undo
     * it. Only for a change the engine redoes after such a crash (a get's file made ready: its frontend queues it
     * again when it sees the database restarted) or whose loss leaves nothing but a pin to run out (a release).
     */
    REDOABLE
}
