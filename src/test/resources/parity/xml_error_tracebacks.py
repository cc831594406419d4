# A parse error's traceback is the one error, as CPython's parsers raise it: no internal exception before it.
import plistlib
import traceback
import xml.dom.minidom
import xml.etree.ElementTree as ET
from xml.parsers import expat

parses = (lambda: ET.fromstring("<a><b></a>"), lambda: ET.XMLParser().feed("<a></b>"),
          lambda: xml.dom.minidom.parseString("<a><b></a>"), lambda: expat.ParserCreate().Parse("<a></b>", True),
          lambda: plistlib.loads(b"<plist><dict></plist>"))
for parse in parses:
    try:
        parse()
    except Exception as e:
        text = "".join(traceback.format_exception(e))
        print(type(e).__name__, e, "During handling" in text, "direct cause" in text, e.__cause__,
              text.strip().splitlines()[-1])
