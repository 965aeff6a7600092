/** Placeholder until the module's first class lands. */
package org.opensrm.loadtest;
