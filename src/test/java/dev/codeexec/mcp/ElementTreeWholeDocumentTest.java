package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * ElementTree's whole-document parse through the host's parser (XmlToMarshal, guest/_codeexec_etree.py): which
 * documents take it, and that a caller's own classes still build their trees. What the trees hold is the parity
 * suite's (parity/xml_etree_whole.py, compared with CPython's output). The guest's XMLParser.feed is counted: the
 * host's path feeds it nothing.
 */
@QuarkusTest
class ElementTreeWholeDocumentTest {

    private static final String COUNT_PARSERS = """
            import io, xml.etree.ElementTree as ET
            fed = []
            feed = ET.XMLParser.feed
            def counting(self, data):
                fed.append(1)
                feed(self, data)
            ET.XMLParser.feed = counting
            def parsers(parse):
                before = len(fed)
                root = parse()
                return len(fed) - before, root.tag, len(root)
            """;

    McpCalls mcp;

    @BeforeEach
    void connect() {
        SandboxWarm.awaitReady();
        mcp = new McpCalls();
    }

    @Test
    void wholeDocumentsInUtf8WithoutADoctypeTakeTheHostsParser() {
        McpCalls.Exec run = mcp.exec(COUNT_PARSERS + """
                doc = '<?xml version="1.0" encoding="utf-8"?><r xmlns="urn:r">' + '<i n="1">x</i>' * 300 + '</r>'
                with open("doc.xml", "w", encoding="utf-8") as f:
                    f.write(doc)
                print("fromstring", *parsers(lambda: ET.fromstring(doc)))
                print("bytes", *parsers(lambda: ET.XML(doc.encode())))
                print("parse", *parsers(lambda: ET.parse("doc.xml").getroot()))
                print("doctype", *parsers(lambda: ET.fromstring("<!DOCTYPE r><r/>")))
                print("latin-1", *parsers(lambda: ET.fromstring(b"<?xml version='1.0' encoding='latin-1'?><r>\\xe9</r>")))
                print("own parser", *parsers(lambda: ET.fromstring(doc, ET.XMLParser())))
                """, 60);
        assertEquals(0, run.exitCode(), run.stderr());
        assertEquals("""
                fromstring 0 {urn:r}r 300
                bytes 0 {urn:r}r 300
                parse 0 {urn:r}r 300
                doctype 1 r 0
                latin-1 1 r 0
                own parser 1 {urn:r}r 300
                """, run.stdout());
    }

    @Test
    void aCallersOwnElementClassStillBuildsTheTree() {
        McpCalls.Exec run = mcp.exec(COUNT_PARSERS + """
                class Mine(ET.Element):
                    pass
                original = ET.Element
                ET.Element = Mine
                made_by, tag, _ = parsers(lambda: ET.fromstring("<r><a/></r>"))
                root = ET.fromstring("<r><a/></r>")
                print(made_by, type(root).__name__, type(root[0]).__name__)
                ET.Element = original
                print(type(ET.fromstring("<r/>")).__name__)
                """, 60);
        assertEquals(0, run.exitCode(), run.stderr());
        assertEquals("1 Mine Mine\nElement\n", run.stdout());
    }
}
