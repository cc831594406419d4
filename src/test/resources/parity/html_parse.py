from html.parser import HTMLParser
import html
page = """<html><head><title>T &amp; Co</title></head><body>
<h1 class="main">Hello</h1><p>First <a href="/a?x=1&amp;y=2">link</a> and <a href='b.html'>b</a>.</p>
<img src="i.png" alt="pic"/><br><p>caf&eacute; &#8364; &lt;tag&gt;</p></body></html>"""
class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.text, self.tags = [], [], []
    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "a":
            self.links.append(dict(attrs)["href"])
    def handle_data(self, data):
        if data.strip():
            self.text.append(data.strip())
p = Links()
p.feed(page)
print(p.links)
print(p.text)
print(p.tags)
print(html.escape('<a href="x">&</a>'), html.unescape("&lt;&eacute;&#x41;&amp;amp;"))
