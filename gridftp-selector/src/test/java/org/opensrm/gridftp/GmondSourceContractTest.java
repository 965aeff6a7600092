package org.opensrm.gridftp;

import java.util.List;
import org.opensrm.gridftp.contract.LoadSourceContract;
import org.opensrm.gridftp.internal.GmondSource;

class GmondSourceContractTest extends LoadSourceContract {
    @Override
    protected LoadSource source(String endpoint) {
        return new GmondSource(door -> List.of(endpoint), 1 << 20);
    }

    @Override
    protected boolean http() {
        return false;
    }

    static String dump(String host, String metrics) {
        return "<?xml version=\"1.0\" encoding=\"ISO-8859-1\" standalone=\"yes\"?>\n"
                + "<GANGLIA_XML VERSION=\"3.7.2\" SOURCE=\"gmond\">\n<CLUSTER NAME=\"gridftp\" LOCALTIME=\"1\">\n"
                + "<HOST NAME=\"other.example.org\" IP=\"10.0.0.9\" REPORTED=\"1\"><METRIC NAME=\"load_one\" VAL=\"99\" TYPE=\"float\"/>"
                + "<METRIC NAME=\"cpu_num\" VAL=\"1\" TYPE=\"uint16\"/></HOST>\n"
                + "<HOST NAME=\"" + host + "\" IP=\"127.0.0.1\" REPORTED=\"1\">" + metrics + "</HOST>\n"
                + "</CLUSTER>\n</GANGLIA_XML>\n";
    }

    private static String metric(String name, String val) {
        return "<METRIC NAME=\"" + name + "\" VAL=\"" + val + "\" TYPE=\"float\" UNITS=\"\" TN=\"1\" TMAX=\"20\"/>";
    }

    @Override
    protected String goodAnswer() {
        return dump(DOOR.host(), metric("load_one", "3.00") + metric("cpu_num", "4") + metric("bytes_in", "2e8")
                + metric("bytes_out", "3e8") + metric("gridftp_sessions", "7") + metric("os_name", "Linux"));
    }

    @Override
    protected String answerWithSessions(String sessions) {
        return dump(DOOR.host(), metric("gridftp_sessions", sessions));
    }
}
