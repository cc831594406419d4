// A streamable HTTP MCP server for the upstream tests, one session per client; a restart forgets every session, as
// a redeployed server does. Usage: node test-http-server.mjs PORT
import http from "node:http";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const sessions = new Map();

function newServer() {
  const server = new Server({ name: "test-http-upstream", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: "pid", description: "The server's process id", inputSchema: { type: "object", properties: {} } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [{ type: "text", text: String(process.pid) }] }));
  return server;
}

// A request that fails, as one whose client goes away before its body arrived does ("aborted"), is that request's
// failure: thrown out of the handler it would end the process, and with it every other client's connection.
async function handle(req, res) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
  const id = req.headers["mcp-session-id"];
  let transport = id && sessions.get(id);
  if (!transport) {
    if (id) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null }));
      return;
    }
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (sessionId) => sessions.set(sessionId, transport),
    });
    await newServer().connect(transport);
  }
  await transport.handleRequest(req, res, body);
}

http.createServer((req, res) => {
  handle(req, res).catch((e) => {
    console.error(`${req.method} ${req.url} failed: ${e.message}`);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
}).listen(Number(process.argv[2]), "127.0.0.1");
