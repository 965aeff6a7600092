/** The SRM v2.2 server. */
package org.opensrm.server;
