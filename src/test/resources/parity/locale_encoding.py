# The encoding files open with is the locale's the process started in: a program that changes LANG or LC_ALL in
# os.environ afterwards (for a subprocess, say) does not change it.
import locale
import os

started = locale.getencoding()
os.environ["LC_ALL"] = "fr_FR.ISO8859-1"
os.environ["LANG"] = "C"
with open("written.txt", "w") as f:
    print(f.encoding == started, locale.getencoding() == started, locale.getpreferredencoding(False) == started)
with open("written.txt") as f:
    print(f.encoding == started)
print(started.lower().replace("-", ""))
