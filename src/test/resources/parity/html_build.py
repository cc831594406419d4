import html
from string import Template
rows = [{"name": "Alice <admin>", "score": 93.5}, {"name": "Bob & Co", "score": 71}]
body = "\n".join(f"  <tr><td>{html.escape(r['name'])}</td><td>{r['score']:.1f}</td></tr>" for r in rows)
page = Template("<table>\n$body\n</table>").substitute(body=body)
print(page)
import urllib.parse as up
u = up.urlparse("https://user@example.com:8443/path/a%20b;p?q=1&q=2&r=caf%C3%A9#frag")
print(u.scheme, u.netloc, u.hostname, u.port, u.path, u.params, u.fragment)
print(up.parse_qs(u.query), up.unquote(u.path), up.quote("a b/c&d"), up.urlencode({"k": "v w", "n": [1, 2]}, doseq=True))
print(up.urljoin("http://a/b/c/d", "../e"), up.urlunsplit(("http", "h", "/p", "a=1", "")))
