# The encodings a program asks the interpreter for, as code that compares them sees them.
import locale
import sys

print(sys.getdefaultencoding(), sys.getfilesystemencoding(), sys.stdout.encoding.lower().replace("_", "-"))
print(sys.getdefaultencoding() == "utf-8", locale.getpreferredencoding(False).lower().replace("_", "-"))
# Code that normalises an encoding's name asks codecs for it.
import codecs
print([codecs.lookup(name).name for name in ("utf8", "UTF-8", "u8", "latin1", "Latin-1", "utf_16", "cp1252", "ascii")])
