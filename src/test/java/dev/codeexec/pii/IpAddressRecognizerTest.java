package dev.codeexec.pii;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * An IPv6 match may end in a dotted tail whose first part is a hex group: the property test's random text once held
 * {@code ::5E.1.2.3}, and the tail's check parsed {@code 5E} as a decimal octet, failing the whole sanitize call.
 */
class IpAddressRecognizerTest {

    private static final Analyzer ANALYZER = new Analyzer(BuiltInRecognizers.all());

    @Test
    void aDottedTailWithHexIsNoAddressAndFailsNothing() {
        assertTrue(ANALYZER.analyze("peer ::5E.1.2.3 and fe80::a:b5.6.7.8 left", Set.of("IP_ADDRESS"), 0.0)
                .isEmpty());
    }

    @Test
    void aDottedTailOfDecimalOctetsIsStillAnAddress() {
        String text = "mapped ::ffff:192.0.2.128 here";
        List<Finding> found = ANALYZER.analyze(text, Set.of("IP_ADDRESS"), 0.0);
        assertEquals(1, found.size());
        assertEquals("::ffff:192.0.2.128", text.substring(found.get(0).start(), found.get(0).end()));
    }
}
