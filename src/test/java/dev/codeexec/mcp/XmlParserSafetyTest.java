package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The sandbox's pyexpat (guest/pyexpat.py) behind xml.etree, minidom and SAX: it never resolves an external entity or
 * DTD (XXE), even one the guest could read itself, and it stops entity expansion at expat's amplification limit
 * (billion laughs, quadratic blow-up) with expat's error. Over MCP, as callers use it.
 */
@QuarkusTest
class XmlParserSafetyTest {

    McpCalls mcp;

    @BeforeEach
    void connect() {
        SandboxWarm.awaitReady();
        mcp = new McpCalls();
    }

    @Test
    void externalEntitiesAndDtdsAreNeverRead() throws IOException {
        Path hostFile = Files.createTempFile("xxe-host", ".txt");
        try {
            Files.writeString(hostFile, "HOST-SECRET");
            McpCalls.Exec run = mcp.exec(Map.of("code", """
                    import os, xml.sax, xml.etree.ElementTree as ET
                    from xml.dom import minidom
                    with open("mine.txt", "w") as f:
                        f.write("GUEST-SECRET")
                    mine = os.path.abspath("mine.txt")
                    for target in ("file://HOST", "HOST", "file://" + mine, mine, "http://127.0.0.1:9/x"):
                        doc = f'<!DOCTYPE a [<!ENTITY e SYSTEM "{target}">]><a>&e;</a>'
                        try:
                            print("etree", ET.tostring(ET.fromstring(doc)))
                        except ET.ParseError as e:
                            print("etree", e.code, str(e).split(":")[0])
                        print("minidom", minidom.parseString(doc).documentElement.toxml())
                        class Text(xml.sax.ContentHandler):
                            text = ""
                            def characters(self, content):
                                self.text += content
                        handler = Text()
                        xml.sax.parseString(doc.encode(), handler)
                        print("sax", repr(handler.text))
                        dtd = f'<!DOCTYPE a SYSTEM "{target}"><a>&e;</a>'
                        try:
                            ET.fromstring(dtd)
                        except ET.ParseError as e:
                            print("dtd", e.code, str(e).split(":")[0])
                    """.replace("HOST", hostFile.toString()), "timeout_s", 60));
            String out = run.stdout();
            assertEquals(0, run.exitCode(), run.stderr());
            assertFalse(out.contains("SECRET"), "an external entity was read:\n" + out);
            // As CPython: ElementTree reports the unexpanded reference, minidom and SAX (external_ges off) skip it.
            assertEquals(5, count(out, "etree 11 undefined entity &e;\n"), out);
            assertEquals(5, count(out, "minidom <a/>\n"), out);
            assertEquals(5, count(out, "sax ''\n"), out);
            assertEquals(5, count(out, "dtd 11 undefined entity &e;\n"), out);
        } finally {
            Files.delete(hostFile);
        }
    }

    @Test
    void entityExpansionStopsAtExpatsAmplificationLimit() {
        McpCalls.Exec run = mcp.exec(Map.of("code", """
                import xml.etree.ElementTree as ET
                from xml.dom import minidom
                from xml.parsers import expat
                lol = "<!ENTITY l0 'lol'>" + "".join(f"<!ENTITY l{i} '{('&l%d;' % (i - 1)) * 10}'>" for i in range(1, 10))
                docs = {
                    "laughs": f"<!DOCTYPE r [{lol}]><r>&l9;</r>",
                    "attribute": f"<!DOCTYPE r [{lol}]><r a='&l9;'/>",
                    "quadratic": "<!DOCTYPE r [<!ENTITY big '" + "x" * 100000 + "'>]><r>" + "&big;" * 1000 + "</r>",
                }
                for name, doc in docs.items():
                    for parse in (ET.fromstring, minidom.parseString):
                        try:
                            parse(doc)
                            print(name, "expanded")
                        except (ET.ParseError, expat.ExpatError) as e:
                            print(name, e.code, str(e).split(":")[0])
                print(len(ET.fromstring(f"<!DOCTYPE r [{lol}]><r>&l3;</r>").text))
                """, "timeout_s", 60));
        assertEquals(0, run.exitCode(), run.stderr());
        String limit = " 43 limit on input amplification factor (from DTD and entities) breached\n";
        assertEquals("laughs" + limit + "laughs" + limit + "attribute" + limit + "attribute" + limit
                + "quadratic" + limit + "quadratic" + limit + "3000\n", run.stdout(), run.stderr());
    }

    private static int count(String text, String line) {
        int n = 0;
        for (int at = text.indexOf(line); at >= 0; at = text.indexOf(line, at + 1)) {
            n++;
        }
        return n;
    }
}
