# POSIX character classes and set operators written the way other regex dialects take them: CPython's parser warns.
import re
import warnings

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(re.findall(r"[[:digit:]]+", "abc 123 :d]"))
    print(re.findall(r"[[:alpha:][:space:]]", "a b:"))
    print(re.sub(r"[a-z--]", "*", "ab-c"))
    print(re.split(r"[\w&&\d]", "a&1"))
    print(re.fullmatch(rb"[[=a=]]", b"=]") is not None)
    print(re.findall(r"[~~x]|a||b", "~x ab"))
    print(re.search(r"(a)(?:[b[])", "ab[") is not None)
    compiled = re.compile(r"(?:(x)|[[.y.]])")
    print(compiled.findall("x.]"))
    print(re.findall(r"--(\w+)", "--verbose --dry-run"), re.findall(r"a|b||c", "abc"))
for w in caught:
    print(w.category.__name__, w.message, w.lineno)
