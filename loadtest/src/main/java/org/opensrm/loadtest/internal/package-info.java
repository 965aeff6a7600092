/** Implementation of the load tester: httpg transport, SRM SOAP messages, client workers, reports and charts. */
package org.opensrm.loadtest.internal;
