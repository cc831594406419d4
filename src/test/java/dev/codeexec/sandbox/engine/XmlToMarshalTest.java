package dev.codeexec.sandbox.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * What the host's XML parser declines, leaving the document to the guest's parser: how the trees it accepts compare
 * with CPython's is the parity suite's (parity/xml_etree_whole.py).
 */
@Execution(ExecutionMode.CONCURRENT)
class XmlToMarshalTest {

    private static String parse(String doc) {
        return XmlToMarshal.parse(new String(doc.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1), false);
    }

    @Test
    void aDocumentIsOneFlatList() {
        String tree = parse("<a x=\"1\">t<b/></a>");
        assertNotNull(tree);
        assertEquals("[\u0002\u0000\u0000\u0000)\u0006", tree.substring(0, 7)); // two nodes of six
        // The root's parent is an empty list of its own; the second node's refers back to the root's _children list,
        // marshal's fourth reference target after "a", "x" and "1".
        assertTrue(tree.contains("N[\u0000\u0000\u0000\u0000)\u0006")); // no tail, the root's own list, the next node
        assertTrue(tree.endsWith("r\u0003\u0000\u0000\u0000"));
    }

    @Test
    void shortValuesAndWhiteSpaceAreWrittenOnce() {
        String indent = "\n" + " ".repeat(20);
        String tree = parse("<a>" + indent + "<b k='v'>x</b>" + indent + "<b k='v'>x</b>" + indent + "<b>long text, not shared</b>"
                + indent + "<b>long text, not shared</b></a>");
        assertNotNull(tree);
        assertEquals(1, count(tree, "\u00fa\u0001x")); // 'z' | FLAG_REF
        assertEquals(1, count(tree, "\u00fa\u0001v"));
        assertEquals(1, count(tree, indent));
        assertEquals(2, count(tree, "long text, not shared"));
    }

    private static int count(String in, String what) {
        int n = 0;
        for (int at = in.indexOf(what); at >= 0; at = in.indexOf(what, at + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void deepNestingIsRead() {
        int depth = 100_000; // one level of marshal a document, however deep: nothing recurses
        assertNotNull(parse("<a>".repeat(depth) + "</a>".repeat(depth)));
    }

    @Test
    void duplicateAttributesAreDeclinedHoweverMany() {
        for (int others : new int[] {0, 3, 20}) {
            StringBuilder attributes = new StringBuilder();
            for (int i = 0; i < others; i++) {
                attributes.append(" a").append(i).append("='").append(i).append("'");
            }
            assertNotNull(parse("<r" + attributes + " x='1' p:x='2' xmlns:p='u'/>"));
            assertNull(parse("<r" + attributes + " x='1' x='2'/>"));
            assertNull(parse("<r x='1'" + attributes + " x='2'/>"));
            assertNull(parse("<r" + attributes + " xmlns:p='u' xmlns:q='u' p:x='1' q:x='2'/>")); // one expanded name
        }
    }

    @Test
    void bytesThatAreNotUtf8AreDeclined() {
        assertNotNull(XmlToMarshal.parse("<a>\u00c3\u00a9</a>", false)); // é in UTF-8
        assertNull(XmlToMarshal.parse("<a>\u00c0\u00af</a>", false)); // an overlong form
        assertNull(XmlToMarshal.parse("<a>\u00ed\u00a0\u0080</a>", false)); // a surrogate
        assertNull(XmlToMarshal.parse("<a>\u00e9</a>", false)); // cut short
    }

    @Test
    void documentsLargerThanTheLimitAreDeclined() {
        String filler = "x".repeat(XmlToMarshal.MAX_BYTES - "<a></a>".length());
        assertNotNull(parse("<a>" + filler + "</a>"));
        assertNull(parse("<a>" + filler + "x</a>"));
    }

    @Test
    void whatOnlyExpatOrADtdCouldReadIsDeclined() {
        assertNull(parse("<!DOCTYPE a [<!ENTITY e \"x\">]><a>&e;</a>"));
        assertNull(parse("<a>&e;</a>"));
        assertNull(parse("<?xml version=\"1.0\" encoding=\"latin-1\"?><a/>"));
        assertNull(XmlToMarshal.parse("<a>\u00e9</a>", false)); // Latin-1 bytes, not UTF-8
        assertNull(parse("<a:b/>")); // an unbound prefix
        assertNull(parse("<a><b></a></b>"));
        assertNull(parse("<a/><b/>"));
        assertNull(parse("<a>&#0;</a>"));
        assertNull(parse("<\u00e9/>")); // a name beyond ASCII
    }
}
