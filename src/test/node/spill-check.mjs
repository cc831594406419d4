// Drives the inline budget, spill files and workspace resources of code-execution-mcp with the official MCP
// TypeScript SDK client, which validates structuredContent against each tool's outputSchema.
//
// Usage:
//   node spill-check.mjs [--token T --other-token T2] --http http://127.0.0.1:8080/mcp
//   node spill-check.mjs --stdio java -jar quarkus-run.jar ...
// The server must run with sandbox.spill.ttl=0s (spills expire at once: the tenant's next execution removes
// them, so the removal is driven, not waited for), workspace.max-read-bytes=65536 and
// workspace.max-total-bytes=2097152. --other-token names a second tenant, which must not read the first's files.
// Prints one PASS/FAIL line per case and "N passed, M failed"; exits 1 on any failure.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CALL_OPTIONS, Tally } from './checks.mjs';

const MAX_READ_BYTES = 65536;

function parseArgs(argv) {
  const options = { http: null, stdio: null, token: null, otherToken: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--http') options.http = argv[++i];
    else if (arg === '--token') options.token = argv[++i];
    else if (arg === '--other-token') options.otherToken = argv[++i];
    else if (arg === '--stdio') { options.stdio = argv.slice(i + 1); break; }
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!options.http === !(options.stdio && options.stdio.length > 0)) {
    throw new Error('give exactly one of --http URL or --stdio COMMAND [ARGS...]');
  }
  return options;
}

async function connect(options, token) {
  let transport;
  if (options.http) {
    const headers = token ? { Authorization: `Bearer ${token}` } : {};
    transport = new StreamableHTTPClientTransport(new URL(options.http), { requestInit: { headers } });
  } else {
    const [command, ...args] = options.stdio;
    transport = new StdioClientTransport({ command, args, env: getDefaultEnvironment(), stderr: 'inherit' });
  }
  const client = new Client({ name: 'spill-check', version: '1.0.0' });
  await client.connect(transport, CALL_OPTIONS);
  // listTools makes the SDK validate every structuredContent against the advertised outputSchema from now on.
  await client.listTools(undefined, CALL_OPTIONS);
  return client;
}

const tally = new Tally();

async function check(name, body) {
  try {
    const problem = await body();
    tally.report(!problem, name, problem);
  } catch (e) {
    tally.report(false, name, `threw ${String(e.message).slice(0, 600)}`);
  }
}

async function run(client, args) {
  const result = await client.callTool({ name: 'execute_code', arguments: args }, undefined, CALL_OPTIONS);
  if (result.isError) {
    throw new Error(`execute_code failed: ${JSON.stringify(result.content)}`);
  }
  return result;
}

async function context(client) {
  const result = await client.callTool({ name: 'get_execution_stats', arguments: {} }, undefined, CALL_OPTIONS);
  return result.structuredContent.context;
}

async function readError(client, uri) {
  try {
    const read = await client.readResource({ uri }, CALL_OPTIONS);
    return `read succeeded: ${JSON.stringify(read).slice(0, 200)}`;
  } catch (e) {
    return `error ${e.code}: ${e.message}`;
  }
}

const bytes = text => Buffer.byteLength(text, 'utf8');
const links = result => result.content.filter(c => c.type === 'resource_link');

const options = parseArgs(process.argv.slice(2));
const client = await connect(options, options.token);

await check('resource template listed', async () => {
  const { resourceTemplates } = await client.listResourceTemplates(undefined, CALL_OPTIONS);
  return resourceTemplates.some(t => t.uriTemplate === 'workspace:///{path}') ? undefined
    : `templates: ${JSON.stringify(resourceTemplates)}`;
});

// 5000 numbered lines and a short stderr: the stdout spills, the stderr does not.
const expected = Array.from({ length: 5000 }, (_, i) => `line ${i}\n`).join('');
const code = "import sys\nfor i in range(5000):\n    print('line', i)\nsys.stderr.write('short\\n')";
const before = await context(client);
let spill;
await check('spill: head and tail inline within the budget, one marker line', async () => {
  spill = await run(client, { code, max_inline_bytes: 2048 });
  const r = spill.structuredContent;
  const markers = r.stdout.split('\n').filter(l => l.startsWith('[... '));
  if (bytes(r.stdout) > 2048) return `${bytes(r.stdout)} bytes inline`;
  if (!r.stdout.startsWith('line 0\nline 1\n')) return `head: ${r.stdout.slice(0, 40)}`;
  if (!r.stdout.endsWith('line 4998\nline 4999\n')) return `tail: ${r.stdout.slice(-40)}`;
  if (markers.length !== 1) return `markers: ${JSON.stringify(markers)}`;
  if (!markers[0].includes(`bytes left out; all ${bytes(expected)} bytes are in ${r.stdout_file}`)) return markers[0];
  if (r.truncated !== true || r.stderr !== 'short\n' || r.stderr_file !== undefined) return JSON.stringify(r).slice(0, 300);
  return undefined;
});

let link;
await check('spill: the resource link reads back the exact stream', async () => {
  [link] = links(spill);
  if (!link || links(spill).length !== 1) return `links: ${JSON.stringify(links(spill))}`;
  if (link.size !== bytes(expected)) return `size ${link.size}, expected ${bytes(expected)}`;
  if (!link.uri.startsWith('workspace:///.runs%2F')) return `uri ${link.uri}`;
  const read = await client.readResource({ uri: link.uri }, CALL_OPTIONS);
  const text = read.contents[0].text;
  return text === expected ? undefined : `read ${text.length} chars, differing from the stream`;
});

await check('spill: the file is a workspace file of the same size', async () => {
  const r = await client.callTool({ name: 'read_workspace_file', arguments: { path: spill.structuredContent.stdout_file,
    length: 8 } }, undefined, CALL_OPTIONS);
  return r.structuredContent.total_bytes === bytes(expected) ? undefined : JSON.stringify(r.structuredContent);
});

await check('context: get_execution_stats moved by the run', async () => {
  const after = await context(client);
  const moved = k => after.caller[k] - before.caller[k];
  const inline = bytes(spill.structuredContent.stdout) + bytes(spill.structuredContent.stderr);
  if (moved('spilled_bytes') !== bytes(expected)) return `spilled moved ${moved('spilled_bytes')}`;
  if (moved('inline_bytes') !== inline) return `inline moved ${moved('inline_bytes')}, expected ${inline}`;
  if (after.total.spilled_bytes < after.caller.spilled_bytes) return JSON.stringify(after);
  return after.token_estimate === 'tokens estimated as bytes / 4' ? undefined : after.token_estimate;
});

if (options.otherToken) {
  await check('another tenant cannot read the spill', async () => {
    const other = await connect(options, options.otherToken);
    const error = await readError(other, link.uri);
    await other.close();
    return error.startsWith('error -32002') && error.includes('does not exist') ? undefined : error;
  });
}

await check('a file past workspace.max-read-bytes is refused with the limit named', async () => {
  await run(client, { code: `open('big.txt', 'w').write('b' * ${MAX_READ_BYTES + 1})` });
  const error = await readError(client, 'workspace:///big.txt');
  await client.callTool({ name: 'delete_workspace_file', arguments: { path: 'big.txt' } }, undefined, CALL_OPTIONS);
  return error.includes('workspace.max-read-bytes') && error.includes('read_workspace_file') ? undefined : error;
});

await check('TTL: the next execution removes an expired spill', async () => {
  // The previous case ran an execution after the spill: with sandbox.spill.ttl=0s its admission swept the spill.
  const error = await readError(client, link.uri);
  const listing = await client.callTool({ name: 'list_workspace_files', arguments: { path: '.runs' } }, undefined,
    CALL_OPTIONS);
  const id = spill.structuredContent.stdout_file.split('/')[1];
  const left = JSON.stringify(listing.structuredContent ?? listing.content);
  if (!error.includes('does not exist')) return error;
  return left.includes(id) ? `still listed: ${left.slice(0, 300)}` : undefined;
});

await check('quota: a spill that would overflow the workspace quota is refused, not half kept', async () => {
  await run(client, { code: "for i in range(2):\n    open('fill%d.bin' % i, 'wb').write(b'f' * 1000000)" });
  const over = await run(client, { code: "print('o' * 200000)" });
  await run(client, { code: "import os\nfor i in range(2):\n    os.remove('fill%d.bin' % i)" });
  const r = over.structuredContent;
  const marker = r.stdout.split('\n').find(l => l.startsWith('[... ')) ?? '';
  if (r.stdout_file !== undefined || links(over).length !== 0) return `kept: ${r.stdout_file}`;
  return marker.includes('not saved: the workspace quota has no room') && marker.includes('workspace.max-total-bytes')
    ? undefined : marker;
});

await client.close();
process.exit(tally.finish());
