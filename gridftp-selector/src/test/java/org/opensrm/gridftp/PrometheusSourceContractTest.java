package org.opensrm.gridftp;

import java.util.List;
import org.opensrm.gridftp.contract.LoadSourceContract;
import org.opensrm.gridftp.internal.PrometheusSource;

class PrometheusSourceContractTest extends LoadSourceContract {
    @Override
    protected LoadSource source(String endpoint) {
        return new PrometheusSource(door -> List.of(endpoint), 1 << 20);
    }

    @Override
    protected boolean http() {
        return true;
    }

    @Override
    protected String goodAnswer() {
        return "# HELP gridftp_sessions Live sessions.\n# TYPE gridftp_sessions gauge\ngridftp_sessions 7\n"
                + "gridftp_transfer_bytes_per_second 5e8\ngridftp_host_load1 3\ngridftp_host_cpus 4\n";
    }

    @Override
    protected String answerWithSessions(String sessions) {
        return "gridftp_sessions " + sessions + "\ngridftp_host_cpus{x=\"y\"} 4\n";
    }
}
