package org.opensrm.backend.hdfs.internal;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.security.UserGroupInformation;
import org.opensrm.backend.hdfs.HdfsBackendConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Builds the Hadoop client configuration from an {@link HdfsBackendConfig} and logs the service identity in. */
public final class HadoopLogin {
    private static final Logger LOG = LoggerFactory.getLogger(HadoopLogin.class);

    private HadoopLogin() {
    }

    /** Classpath defaults, then the configuration files in order, then the explicit properties. */
    public static Configuration configuration(HdfsBackendConfig config) {
        Configuration conf = new HdfsConfiguration();
        for (Path file : config.configFiles()) {
            conf.addResource(new org.apache.hadoop.fs.Path(file.toAbsolutePath().toUri()));
        }
        config.hadoopProperties().forEach(conf::set);
        if (config.kerberos()) {
            conf.set("hadoop.security.authentication", "kerberos");
        }
        return conf;
    }

    /**
     * The identity the server acts as and impersonates accounts from: the keytab's principal with Kerberos,
     * otherwise {@code serviceUser} or the process's login user.
     */
    public static UserGroupInformation serviceIdentity(HdfsBackendConfig config, Configuration conf)
            throws IOException {
        if (config.kerberos()) {
            // UserGroupInformation keeps its security settings process-wide; Hadoop offers no other way.
            UserGroupInformation.setConfiguration(conf);
            String principal = config.kerberosPrincipal().orElseThrow();
            UserGroupInformation ugi = UserGroupInformation.loginUserFromKeytabAndReturnUGI(principal,
                    config.keytab().orElseThrow().toString());
            LOG.info("HDFS: logged in from keytab as {}", ugi.getUserName());
            return ugi;
        }
        if (config.serviceUser().isPresent()) {
            return UserGroupInformation.createRemoteUser(config.serviceUser().get());
        }
        return UserGroupInformation.getLoginUser();
    }
}
