import re
emails = ["a@b.co", "bad@", "x.y+z@sub.example.org", "no at"]
rx = re.compile(r"^[\w.+-]+@[\w-]+(\.[\w-]+)+$")
print([bool(rx.match(e)) for e in emails])
phones = "Call 555-1234 or (555) 987-6543, not 12-34."
print(re.findall(r"\(?\d{3}\)?[ -]?\d{3}-\d{4}|\d{3}-\d{4}", phones))
print(re.sub(r"\s+", " ", "  lots   of\t\tspace \n here "). strip())
print(re.subn(r"o", "0", "foo boo"))
def camel_to_snake(s):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", s).lower()
print(camel_to_snake("HTTPResponseCodeValue"), camel_to_snake("simpleName"))
print(re.match(r"(\d+)-(\d+)", "10-20").expand(r"\2-\1"))
