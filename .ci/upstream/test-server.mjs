// A stdio MCP server for the upstream tests: a tool that takes its time, one that ends the process mid-call, one
// that answers at once, tools that return more than text (an image, audio, resources) and one that fails (isError).
// With READY_FILE set it exits at start until that file exists (a server down at first).
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
  { name: "picture", description: "A caption and a 1x1 PNG", inputSchema: { type: "object", properties: {} } },
  { name: "attachments", description: "Embedded resources (bytes 0-255, a note), a resource link and audio", inputSchema: { type: "object", properties: {} } },
  { name: "refuse", description: "Fails (isError) with two text parts around an image", inputSchema: { type: "object", properties: {} } },
  { name: "blob", description: "An embedded resource of the given number of zero bytes", inputSchema: { type: "object", properties: { bytes: { type: "integer" } } } },
];
// The bytes the tests expect, known on both sides: a 1x1 PNG, and every byte value once.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const EVERY_BYTE = Buffer.from(Array.from({ length: 256 }, (_, i) => i)).toString("base64");
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
    case "picture":
      return { content: [{ type: "text", text: "a 1x1 PNG" }, { type: "image", data: PNG, mimeType: "image/png" }] };
    case "attachments":
      return { content: [
        { type: "resource", resource: { uri: "mem://every-byte", mimeType: "application/octet-stream", blob: EVERY_BYTE } },
        { type: "resource", resource: { uri: "mem://note", mimeType: "text/plain", text: "a note" } },
        { type: "resource_link", uri: "mem://later.csv", name: "later.csv", mimeType: "text/csv", description: "fetch it later" },
        { type: "audio", data: Buffer.from([82, 73, 70, 70]).toString("base64"), mimeType: "audio/wav" },
      ] };
    case "refuse":
      return { isError: true, content: [{ type: "text", text: "no record " }, { type: "image", data: PNG, mimeType: "image/png" },
        { type: "text", text: "42" }] };
    case "blob":
      return { content: [{ type: "resource", resource: { uri: "mem://blob", mimeType: "application/octet-stream",
        blob: Buffer.alloc(args.bytes).toString("base64") } }] };
    default:
      return { content: [{ type: "text", text: String(process.pid) }] };
  }
});
await server.connect(new StdioServerTransport());
