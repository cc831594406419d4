"""A minimal MCP client over streamable HTTP for the benchmarks. Standard library only."""
import json
import urllib.request


class HttpClient:
    """One MCP session over streamable HTTP, as one tenant when a token is given."""

    def __init__(self, url, token=None, name="bench-http"):
        self.url = url
        self.token = token
        self.session = None
        self.next_id = 0
        self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": name, "version": "1"}})
        self.post({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def post(self, message):
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
        if self.session:
            headers["Mcp-Session-Id"] = self.session
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        req = urllib.request.Request(self.url, data=json.dumps(message).encode(), headers=headers, method="POST")
        with urllib.request.urlopen(req, timeout=120) as response:
            self.session = response.headers.get("Mcp-Session-Id", self.session)
            body = response.read().decode()
            if response.headers.get("Content-Type", "").startswith("text/event-stream"):
                for line in body.splitlines():
                    if line.startswith("data:"):
                        data = json.loads(line[5:])
                        if data.get("id") == message.get("id"):
                            return data
                return None
            return json.loads(body) if body else None

    def request(self, method, params):
        self.next_id += 1
        return self.post({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})

    def execute(self, code, **arguments):
        result = self.request("tools/call", {"name": "execute_code", "arguments": {"code": code, **arguments}})["result"]
        return result["structuredContent"]
