package org.opensrm.server.soap.lane;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided fuzzing (Jazzer) of the rule the reading without a parser keeps ({@link SameAsJaxb}): for any
 * input, either it leaves the body to the parser, or it finds what the parser finds and decodes exactly the request
 * JAXB decodes. In the normal test run it runs on its seed corpus (resources {@code PlainBodyFuzzTestInputs/}: every
 * captured body and variations of them) and fuzzes for a few seconds (srm-server's {@code fuzz-briefly} execution);
 * {@code benchmarks/run-fuzz-xml --minutes N} fuzzes longer through {@link #fuzzerTestOneInput}.
 */
public class PlainBodyFuzzTest {
    private static final SameAsJaxb SAME = new SameAsJaxb();

    /** The entry point of Jazzer's command-line driver ({@code benchmarks/run-fuzz-xml}). */
    public static void fuzzerTestOneInput(byte[] body) {
        SAME.check(body);
    }

    @FuzzTest(maxDuration = "15s")
    @DictionaryFile(resourcePath = "soap-xml.dict")
    void readsAsJaxbOrLeavesTheBodyToIt(byte[] body) {
        SAME.check(body);
    }
}
