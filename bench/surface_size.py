"""What the tool surface costs a model: bytes and estimated tokens of tools/list and of typical answers.

Usage: python3 bench/surface_size.py   (after: mvn -B -DskipTests package)
Sizes are of compact JSON as it crosses the wire (tools/list: the whole result; answers: the
structuredContent and the text content separately, since clients put one or the other in context).
Tokens are estimated at 4 bytes per token, the usual rule of thumb for English and JSON."""
import json

from mcp_stdio import Server


def size(value):
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


def row(label, nbytes):
    print(f"{label:<52} {nbytes:>7} bytes  ~{nbytes // 4:>5} tokens")


def main():
    server = Server("-Dsandbox.max-concurrent=1")
    tools = server.request("tools/list", {})["result"]
    row("tools/list (whole result)", size(tools))
    for part in ("description", "inputSchema", "outputSchema", "annotations"):
        row(f"  of which {part}", sum(size(t[part]) for t in tools["tools"] if part in t))
    for tool in sorted(tools["tools"], key=lambda t: -size(t)):
        row(f"  {tool['name']}", size(tool))

    typical = [
        ("search_tools (5 hits, default detail)", "search_tools", {"query": "csv", "limit": 5}),
        ("search_tools (empty query: categories)", "search_tools", {}),
        ("search_tools (5 hits, detail=name)", "search_tools", {"query": "json", "limit": 5, "detail": "name"}),
        ("get_tool_definition (data.csv_profile)", "get_tool_definition", {"name": "csv_profile"}),
        ("execute_code (print)", "execute_code", {"code": "print(6 * 7)"}),
        ("list_skills", "list_skills", {"limit": 5}),
        ("get_execution_stats", "get_execution_stats", {}),
    ]
    print()
    for label, tool, arguments in typical:
        result = server.request("tools/call", {"name": tool, "arguments": arguments})["result"]
        row(f"{label}: structuredContent", size(result.get("structuredContent")))
        row(f"{label}: text", sum(len(c.get("text", "").encode("utf-8")) for c in result["content"]))
    server.close()


if __name__ == "__main__":
    main()
