/* An httpg client on CGSI-gSOAP and Globus GSSAPI (the stack of gfal2's srm plugin, srm-ifce) that asks for GSI
 * delegation (CGSI_OPT_DELEG_FLAG: the 'D' byte and the delegation exchange done by Globus itself), then POSTs a
 * body and prints the body of the HTTP answer. Credential: X509_USER_PROXY, trust: X509_CERT_DIR.
 * Built by CgsiDelegationInteropTest: soapcpp2 -c -C -L -x -n -pprobe env.h; gcc probe.c probeC.c -lcgsi_plugin
 * -lgsoap (Debian: gcc, gsoap, libcgsi-gsoap-dev). Usage: probe httpg://host:port/path body */
#include <stdio.h>
#include <string.h>
#include "probeH.h"
#include <cgsi_plugin.h>

SOAP_NMAC struct Namespace namespaces[] = {{NULL, NULL, NULL, NULL}};

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s httpg://host:port/path body\n", argv[0]);
        return 2;
    }
    struct soap soap;
    soap_init(&soap);
    int flags = CGSI_OPT_DELEG_FLAG | CGSI_OPT_DISABLE_NAME_CHECK;
    if (soap_register_plugin_arg(&soap, client_cgsi_plugin, &flags)) {
        soap_print_fault(&soap, stderr);
        return 1;
    }
    soap.http_content = "text/xml";
    soap_set_omode(&soap, SOAP_IO_CHUNK);
    if (soap_connect_command(&soap, SOAP_POST_FILE, argv[1], "")
            || soap_send(&soap, argv[2]) || soap_end_send(&soap)) {
        soap_print_fault(&soap, stderr);
        return 1;
    }
    size_t len = 0;
    char *body = NULL;
    if (soap_begin_recv(&soap) || (body = soap_http_get_body(&soap, &len)) == NULL || soap_end_recv(&soap)) {
        soap_print_fault(&soap, stderr);
        return 1;
    }
    fwrite(body, 1, len, stdout);
    soap_destroy(&soap);
    soap_end(&soap);
    soap_done(&soap);
    return 0;
}
