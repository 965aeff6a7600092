/**
 * A load tester that reproduces the classic SRM scalability measurements (effective processing rate against client
 * concurrency, latency against directory size) against any SRM v2.2 endpoint speaking GSI "httpg".
 *
 * <p>Entry point {@link org.opensrm.loadtest.LoadTestMain} (launcher {@code bin/srm-loadtest}); programmatic use
 * through {@link org.opensrm.loadtest.LoadTest} with a {@link org.opensrm.loadtest.LoadTestConfig}. Transport, SOAP
 * and reporting details live in {@code .internal}.
 */
package org.opensrm.loadtest;
