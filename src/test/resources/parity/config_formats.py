import configparser, io, tomllib, json
cfg = configparser.ConfigParser()
cfg.read_string("""
[DEFAULT]
timeout = 30
[server]
host = example.com
port = 8080
debug = yes
[client]
timeout = 5
""")
print(cfg.sections(), cfg["server"]["host"], cfg.getint("server", "port"), cfg.getboolean("server", "debug"))
print(cfg["server"]["timeout"], cfg["client"]["timeout"], dict(cfg["client"]))
out = io.StringIO()
cfg.write(out)
print(out.getvalue())
doc = tomllib.loads('''
title = "TOML"
[owner]
name = "Tom"
dob = 1979-05-27T07:32:00-08:00
[[fruit]]
name = "apple"
[[fruit]]
name = "banana"
''')
print(doc["title"], doc["owner"]["dob"].isoformat(), [f["name"] for f in doc["fruit"]])
