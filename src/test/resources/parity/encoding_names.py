# The encodings a program asks the interpreter for, as code that compares them sees them.
import locale
import sys

print(sys.getdefaultencoding(), sys.getfilesystemencoding(), sys.stdout.encoding.lower().replace("_", "-"))
print(sys.getdefaultencoding() == "utf-8", locale.getpreferredencoding(False).lower().replace("_", "-"))
