from email.message import EmailMessage
from email import policy
from email.parser import BytesParser
msg = EmailMessage()
msg["From"] = "Alice <alice@example.com>"
msg["To"] = "bob@example.com"
msg["Subject"] = "Caf\u00e9 report"
msg["Date"] = "Mon, 01 Jan 2024 10:00:00 +0000"
msg["Message-ID"] = "<1@example.com>"
msg.set_content("Hello Bob,\nsee attached.\n")
msg.add_attachment(b"a,b\n1,2\n", maintype="text", subtype="csv", filename="data.csv")
raw = msg.as_bytes()
parsed = BytesParser(policy=policy.default).parsebytes(raw)
print(parsed["subject"], parsed["from"].addresses[0].username, parsed.is_multipart())
for part in parsed.iter_attachments():
    print(part.get_filename(), part.get_content_type(), part.get_content())
print(parsed.get_body(("plain",)).get_content())
print(sorted(k for k in parsed.keys()))
