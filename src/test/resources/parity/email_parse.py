import email, email.utils
from email.header import decode_header, make_header
raw = """From: =?utf-8?q?J=C3=BCrgen?= <j@example.de>
To: a@example.com, "B, C" <bc@example.com>
Subject: =?utf-8?b?w5xiZXJzaWNodA==?=
Date: Tue, 02 Jan 2024 08:15:00 +0100
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: quoted-printable

Gr=C3=BC=C3=9Fe aus Berlin
"""
m = email.message_from_string(raw)
print(str(make_header(decode_header(m["From"]))), str(make_header(decode_header(m["Subject"]))))
print(email.utils.getaddresses(m.get_all("To")))
print(email.utils.parsedate_to_datetime(m["Date"]).isoformat())
print(m.get_payload(decode=True).decode(m.get_content_charset()))
print(email.utils.formataddr(("Zoë", "z@example.com")), email.utils.parseaddr("x <y@z>"))
