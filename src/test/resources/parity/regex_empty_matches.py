# Substitutions with a pattern that can match nothing: CPython also replaces the empty match at the end of the
# string that follows another match.
import re

print(repr(re.sub(r"x*", "-", "abx")), re.subn(r"\w*", "-", "a b"), repr(re.sub(r"\s*$", ".", "end  ")))
print(re.compile(r"[a-z]*").subn("-", "hello world"), re.findall(r"[a-z]*", "hello world"))
