/**
 * Full mode: SRM requests that are queued, polled, suspended, aborted, hold pins with lifetimes and survive a
 * restart. {@link org.opensrm.core.full.FullMode} is the one object the composition root makes; inside it:
 * <ul>
 *   <li>the queued services ({@link org.opensrm.core.full.QueuedGetService}, {@link org.opensrm.core.full.QueuedPutService},
 *       {@link org.opensrm.core.full.QueuedListService}) check what can be checked at once, keep the request in the
 *       {@link org.opensrm.core.RequestStore} (files refused at once failed in it) and queue the rest;</li>
 *   <li>the {@link org.opensrm.core.full.Dispatcher} ({@link org.opensrm.core.full.WorkQueue}) runs worker threads per
 *       kind over the fair-share {@link org.opensrm.core.Scheduler}, works on each file as the owner's account and
 *       stores the outcome through {@link org.opensrm.core.Request}'s checked transitions; no healthy GridFTP door
 *       means the file waits, never that it fails;</li>
 *   <li>{@link org.opensrm.core.full.QueuedRequestControl} (abort, release, extend, suspend, resume, summaries,
 *       tokens) and the {@link org.opensrm.core.full.Reaper} (every lifetime, the purge) act on the same store.</li>
 * </ul>
 * Status calls answer from the store, so any frontend sharing it answers for any request. Work is done by the
 * frontend that accepted (or resumed) a request; requests accepted by a frontend that stopped are taken up by the
 * next {@link org.opensrm.core.full.FullMode#start} of any frontend.
 */
package org.opensrm.core.full;
