// A stdio MCP server for the upstream tests: a tool that takes its time, one that ends the process mid-call, and one
// that answers at once. With READY_FILE set it exits at start until that file exists (a server down at first).
import fs from "node:fs";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

if (process.env.READY_FILE && !fs.existsSync(process.env.READY_FILE)) {
  process.stderr.write("not ready: " + process.env.READY_FILE + " is missing\n");
  process.exit(1);
}
const server = new Server({ name: "test-upstream", version: "1.0.0" }, { capabilities: { tools: { listChanged: true } } });
const tools = [
  { name: "slow", description: "Answers after the given seconds", inputSchema: { type: "object", properties: { seconds: { type: "number" } } } },
  { name: "crash", description: "Ends the server's process during the call", inputSchema: { type: "object", properties: {} } },
  { name: "pid", description: "The server's process id", inputSchema: { type: "object", properties: {} } },
  { name: "grow", description: "Adds the tool grown and says the list changed", inputSchema: { type: "object", properties: {} } },
  { name: "wordy", description: "A tool described at length. " + "Very long. ".repeat(10000), inputSchema: { type: "object", properties: {} } },
];
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments || {};
  switch (request.params.name) {
    case "slow":
      await new Promise((resolve) => setTimeout(resolve, args.seconds * 1000));
      return { content: [{ type: "text", text: "slept" }] };
    case "crash":
      process.exit(3);
    case "grow":
      tools.push({ name: "grown", description: "Added while the server ran", inputSchema: { type: "object", properties: {} } });
      await server.sendToolListChanged();
      return { content: [{ type: "text", text: "grown" }] };
    default:
      return { content: [{ type: "text", text: String(process.pid) }] };
  }
});
await server.connect(new StdioServerTransport());
