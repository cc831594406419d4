# re.Scanner, the lexicon tokenizer small parsers are written with: actions called, None skipping, the rest of the
# text that no phrase matched returned, and phrases with groups of their own.
import re


def number(scanner, text):
    return ("NUM", int(text))


lexicon = [(r"\d+(\.\d+)?", lambda s, t: ("NUM", float(t) if "." in t else int(t))), (r"[a-z_]\w*", lambda s, t: ("NAME", t)),
           (r"(\*\*|[-+*/=()])", lambda s, t: ("OP", t)), (r"\s+", None)]
scanner = re.Scanner(lexicon)
print(scanner.scan("x = 3.5 * (y_1 + 42) ** 2"))
print(scanner.scan("ok 1 ; rest"))
print(re.Scanner([(r"\d+", None)]).scan("12"), re.Scanner([(r"\d+", number)]).scan("12abc"))
print(re.Scanner([(r"a", lambda s, t: s.match.span())], re.IGNORECASE).scan("AaA"))
