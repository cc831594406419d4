// A client that keeps no protocol session, as claude.ai's remote connector and MCP 2026-07-28 clients do: every
// call below opens a new MCP connection (initialize, one call, close) with the official TypeScript SDK client, so
// all state must travel in handles the server minted (session, vault, execution_id). Tenant B presents each of
// tenant A's handles and must get exactly the refusal an unknown handle gets. Also: a raw tools/call and
// tools/list with no Mcp-Session-Id and no initialize, a raw server/discover, and the SDK v2 client
// (@modelcontextprotocol/client), which tries server/discover first and falls back to initialize.
//
// Usage: node handles-check.mjs --url http://127.0.0.1:8080/mcp --token-a A --token-b B
// Prints one PASS/FAIL line per case, figures as "FIGURE name value", and "N passed, M failed"; exits 1 on a failure.

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import * as v2 from '@modelcontextprotocol/client';
import { CALL_OPTIONS, Tally, errorText, oneLine } from './checks.mjs';

function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i += 2) {
    const key = { '--url': 'url', '--token-a': 'a', '--token-b': 'b' }[argv[i]];
    if (!key) throw new Error(`unknown argument ${argv[i]}`);
    options[key] = argv[i + 1];
  }
  if (!options.url || !options.a || !options.b) throw new Error('give --url, --token-a and --token-b');
  return options;
}

const options = parseArgs(process.argv.slice(2));
const tally = new Tally();
const report = tally.report.bind(tally);

function headers(token) {
  return { Authorization: `Bearer ${token}` };
}

/** One call on a connection of its own: connect (initialize), list tools (so results are schema-checked), call, close. */
async function freshCall(token, tool, args, clientName = 'handles-check') {
  const client = new Client({ name: clientName, version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(options.url), { requestInit: { headers: headers(token) } });
  await client.connect(transport, CALL_OPTIONS);
  try {
    await client.listTools(undefined, CALL_OPTIONS);
    return await client.callTool({ name: tool, arguments: args }, undefined, CALL_OPTIONS);
  } finally {
    await client.close();
  }
}

/** A case: one fresh-connection call whose answer verify() checks (a problem string, or nothing). */
async function check(name, token, tool, args, { expectError = false, verify } = {}) {
  let result;
  try {
    result = await freshCall(token, tool, args);
  } catch (e) {
    report(false, name, `threw ${oneLine(e.message, 600)}`);
    return null;
  }
  if (Boolean(result.isError) !== expectError) {
    report(false, name, `isError=${Boolean(result.isError)}, expected ${expectError}: ${oneLine(errorText(result))}`);
    return null;
  }
  const payload = expectError || result.structuredContent === undefined ? errorText(result) : result.structuredContent;
  const problem = verify ? verify(payload) : undefined;
  report(!problem, name, problem ?? (expectError ? `(error: ${oneLine(payload, 160)})` : ''));
  return problem ? null : payload;
}

/** Tenant B presenting A's handle must read exactly as a handle nobody was given: same text, naming the field. */
async function refusedLikeUnknown(name, tool, args, field, handle) {
  const unknown = unknownLike(handle);
  const theirs = await check(`${name}: tenant B refused`, options.b, tool, { ...args, [field]: handle }, {
    expectError: true,
    verify: t => t.startsWith(`${field}: no such `) ? undefined : `not a refusal naming ${field}: ${oneLine(t)}`,
  });
  const none = await check(`${name}: unknown handle refused`, options.b, tool, { ...args, [field]: unknown }, {
    expectError: true,
  });
  if (theirs !== null && none !== null) {
    report(theirs === none, `${name}: another tenant's handle reads as an unknown one`,
      theirs === none ? '' : `"${oneLine(theirs)}" vs "${oneLine(none)}"`);
  }
}

/** A handle of the same replica and shape that was never issued. */
function unknownLike(handle) {
  const dot = handle.lastIndexOf('.');
  return handle.slice(0, dot + 1) + '0'.repeat(handle.length - dot - 1);
}

async function raw(token, body, sessionId) {
  const response = await fetch(options.url, {
    method: 'POST',
    headers: { ...headers(token), 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream',
      ...(sessionId ? { 'Mcp-Session-Id': sessionId } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  // A streamable HTTP answer is JSON or one SSE event carrying it.
  const data = text.trimStart().startsWith('{') ? text
    : text.split('\n').filter(l => l.startsWith('data:')).map(l => l.slice(5)).join('');
  return { status: response.status, json: data ? JSON.parse(data) : null };
}

async function sessionlessRequests() {
  const list = await raw(options.a, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
  const names = list.json?.result?.tools?.map(t => t.name) ?? [];
  report(list.status === 200 && names.includes('execute_code'), 'raw tools/list without Mcp-Session-Id',
    `(${list.status}, ${names.length} tools)`);
  const call = await raw(options.a, { jsonrpc: '2.0', id: 2, method: 'tools/call',
    params: { name: 'execute_code', arguments: { code: 'print(6 * 7)' } } });
  const r = call.json?.result?.structuredContent;
  report(call.status === 200 && r?.stdout === '42\n', 'raw tools/call without Mcp-Session-Id',
    r ? '' : oneLine(JSON.stringify(call.json)));
  const discover = await raw(options.a, { jsonrpc: '2.0', id: 3, method: 'server/discover' });
  report(discover.json?.error?.code === -32601, 'raw server/discover answered as an unknown method',
    `(${oneLine(JSON.stringify(discover.json?.error ?? discover.json), 160)})`);
}

async function v2Client() {
  const client = new v2.Client({ name: 'handles-check-v2', version: '1.0.0' });
  const transport = new v2.StreamableHTTPClientTransport(new URL(options.url),
    { requestInit: { headers: headers(options.a) } });
  try {
    await client.connect(transport);
    const tools = await client.listTools();
    const result = await client.callTool({ name: 'execute_code', arguments: { code: 'print("v2")' } });
    report(tools.tools.some(t => t.name === 'execute_code') && result.structuredContent?.stdout === 'v2\n',
      'SDK v2 client falls back from server/discover and calls a tool',
      `(protocol ${client.getNegotiatedProtocolVersion?.() ?? transport.protocolVersion ?? '?'})`);
  } catch (e) {
    report(false, 'SDK v2 client falls back from server/discover and calls a tool', `threw ${oneLine(e.message, 600)}`);
  } finally {
    await client.close();
  }
}

async function sessions() {
  const opened = await check('session: opened', options.a, 'execute_code', { code: 'x = 41', session: 'new' }, {
    verify: r => typeof r.session === 'string' && typeof r.vault === 'string' ? undefined
      : `no handles: ${oneLine(JSON.stringify(r))}`,
  });
  if (!opened) return;
  const handle = opened.session;
  report(/\.[0-9a-f]{32}$/.test(handle), 'session: handle carries 128 random bits', `(${handle})`);
  await check('session: kept across connections', options.a, 'execute_code', { code: 'print(x + 1)', session: handle }, {
    verify: r => r.stdout === '42\n' ? undefined : `stdout ${JSON.stringify(r.stdout)}`,
  });
  await check('session: its own vault', options.a, 'execute_code',
    { code: 'import pii\nprint(pii.sanitize("mail sam.session@example.com"))', session: handle }, {
      verify: r => r.stdout.includes('<EMAIL_ADDRESS_') ? undefined : `stdout ${JSON.stringify(r.stdout)}`,
    }).then(async r => r && check('session: its vault restores from another connection', options.a, 'restore_pii',
    { text: r.stdout, vault: opened.vault }, {
      verify: p => p.text === 'mail sam.session@example.com\n' ? undefined : `text ${JSON.stringify(p.text)}`,
    }));
  await refusedLikeUnknown('session execute_code', 'execute_code', { code: 'print(x)' }, 'session', handle);
  await refusedLikeUnknown('session reset_session', 'reset_session', {}, 'session', handle);
  await check('session: still there for its tenant', options.a, 'execute_code', { code: 'print(x)', session: handle }, {
    verify: r => r.stdout === '41\n' ? undefined : `stdout ${JSON.stringify(r.stdout)}`,
  });
  await check('session: reset from another connection', options.a, 'reset_session', { session: handle }, {
    verify: t => /was reset/.test(t) ? undefined : `text ${oneLine(t)}`,
  });
  await check('session: gone after reset', options.a, 'execute_code', { code: 'print(x)', session: handle }, {
    expectError: true, verify: t => t.startsWith('session: no such session') ? undefined : oneLine(t),
  });
}

async function backgroundRuns() {
  const started = await check('run: started in the background', options.a, 'execute_code',
    { code: 'print("from the background")', background: true }, {
      verify: r => typeof r.execution_id === 'string' ? undefined : oneLine(JSON.stringify(r)),
    });
  if (!started) return;
  const id = started.execution_id;
  await refusedLikeUnknown('run get_execution', 'get_execution', {}, 'execution_id', id);
  await refusedLikeUnknown('run cancel_execution', 'cancel_execution', {}, 'execution_id', id);
  // A long poll returns early when the run changes state: poll, each time on a new connection, until it has ended.
  let run = null;
  for (let poll = 0; poll < 20 && run?.status !== 'finished'; poll++) {
    const result = await freshCall(options.a, 'get_execution', { execution_id: id, wait_s: 30 });
    run = result.isError ? { status: errorText(result) } : result.structuredContent;
  }
  report(run?.status === 'finished' && run.stdout === 'from the background\n', 'run: read from another connection',
    run?.status === 'finished' ? '' : `status ${run?.status}, stdout ${JSON.stringify(run?.stdout)}`);
  await check('run: cancelled from another connection', options.a, 'cancel_execution', { execution_id: id }, {
    verify: r => r.status === 'finished' ? undefined : `status ${r.status}`,
  });
}

async function vaults() {
  const original = 'Write to dana.vault@example.com today.';
  const sanitized = await check('vault: sanitize_pii returns one', options.a, 'sanitize_pii', { text: original }, {
    verify: r => typeof r.vault === 'string' && !r.text.includes('@example.com') ? undefined : oneLine(JSON.stringify(r)),
  });
  if (!sanitized) return;
  const vault = sanitized.vault;
  await check('vault: restore_pii from another connection', options.a, 'restore_pii', { text: sanitized.text, vault }, {
    verify: r => r.text === original ? undefined : `text ${JSON.stringify(r.text)}`,
  });
  await check('vault: sanitize_pii into the vault passed', options.a, 'sanitize_pii',
    { text: 'again dana.vault@example.com', vault }, {
      verify: r => r.vault === vault && sanitized.text.includes(r.text.replace('again ', '')) ? undefined
        : `not the same token or vault: ${oneLine(JSON.stringify(r))}`,
    });
  await check('vault: sandboxed pii.restore uses it', options.a, 'execute_code',
    { code: `import pii\nprint(pii.restore(${JSON.stringify(sanitized.text)}))`, vault }, {
      verify: r => r.stdout === original + '\n' ? undefined : `stdout ${JSON.stringify(r.stdout)}`,
    });
  await check('vault: sanitize_output uses it', options.a, 'execute_code',
    { code: 'print("dana.vault@example.com")', vault, sanitize_output: true }, {
      verify: r => sanitized.text.includes(r.stdout.trim()) && r.vault === vault ? undefined
        : `stdout ${JSON.stringify(r.stdout)}, vault ${r.vault}`,
    });
  await refusedLikeUnknown('vault restore_pii', 'restore_pii', { text: sanitized.text }, 'vault', vault);
  await refusedLikeUnknown('vault sanitize_pii', 'sanitize_pii', { text: original }, 'vault', vault);
  await refusedLikeUnknown('vault execute_code', 'execute_code', { code: 'print(1)' }, 'vault', vault);
}

async function warmInterpreters() {
  const mark = await check('warm: a run marks its interpreter', options.a, 'execute_code',
    { code: 'import json, uuid\njson._warm_mark = str(uuid.uuid4())\nprint(json._warm_mark)' });
  if (!mark) return;
  const show = { code: "import json\nprint(getattr(json, '_warm_mark', 'another interpreter'))" };
  await check('warm: a fresh connection of the tenant reuses it', options.a, 'execute_code', show, {
    verify: r => r.stdout === mark.stdout ? undefined : `stdout ${JSON.stringify(r.stdout)}`,
  });
  await check('warm: another tenant never gets it', options.b, 'execute_code', show, {
    verify: r => r.stdout === 'another interpreter\n' ? undefined : `stdout ${JSON.stringify(r.stdout)}`,
  });
  const trivial = await check('warm: trivial run on a fresh connection', options.a, 'execute_code', { code: 'import json' });
  if (trivial) console.log(`FIGURE warm_trivial_duration_ms ${trivial.duration_ms}`);
}

await sessionlessRequests();
await v2Client();
await sessions();
await backgroundRuns();
await vaults();
await warmInterpreters();
process.exit(tally.finish());
