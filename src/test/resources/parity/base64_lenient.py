# Base64 from the web is often sloppy: CPython's decoder skips what is not a digit and stops at padding, and names
# what it refuses.
import base64
import binascii

for text in ["YWJj", "=YWJj", "YQ==YmM=", "YW Jj\n", "YW*Jj", "YWJ", "Y", "YQ", "YQ=", "YQ===", "YWJj====", "", "====",
             "YWJjZA==", b"YWJjZGU=", "Zm9v\r\nYmFy"]:
    try:
        print(repr(text), base64.b64decode(text))
    except binascii.Error as e:
        print(repr(text), "Error", e)
for text in ["YW=Jj", "=YWJj", "YWJj=", "YQ==YmM=", "YW*Jj", "YQ=="]:
    try:
        print(repr(text), binascii.a2b_base64(text, strict_mode=True))
    except binascii.Error as e:
        print(repr(text), "strict Error", e)
try:
    base64.b64decode("YWJj\u00e9")
except ValueError as e:
    print(type(e).__name__, e)
print(base64.b64decode(base64.b64encode(bytes(range(256)))) == bytes(range(256)), base64.urlsafe_b64decode("-_8="))
