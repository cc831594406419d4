// Drives code-execution-mcp with the official MCP TypeScript SDK client, the one Claude Code, Claude
// Desktop, Cursor and MCP Inspector are built on. Once listTools has run, that client validates every
// structuredContent against the tool's outputSchema and throws -32602 on a mismatch, so each case here
// fails exactly where a real agent would get an error instead of a result.
//
// Usage:
//   node client-check.mjs [--server-log FILE] [--upstream CATEGORY] --http http://127.0.0.1:8080/mcp
//   node client-check.mjs [--server-log FILE] [--upstream CATEGORY] --stdio java -jar quarkus-run.jar ...
// --upstream names the category of an upstream MCP server the server was configured with; its tools
// must then be listed and readable. Prints one PASS/FAIL line per case and "N passed, M failed";
// exits 1 on any failure. Every tool the server lists must have at least one case here.

import { createWriteStream } from 'node:fs';
import { setTimeout as pause } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CALL_OPTIONS, Tally, errorText, oneLine } from './checks.mjs';

const UPSTREAM_WAIT_MS = 60_000;

function parseArgs(argv) {
  const options = { serverLog: null, upstream: null, http: null, stdio: null, cwd: undefined, env: {} };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--server-log') options.serverLog = argv[++i];
    else if (arg === '--upstream') options.upstream = argv[++i];
    else if (arg === '--http') options.http = argv[++i];
    else if (arg === '--cwd') options.cwd = argv[++i];
    else if (arg === '--env') { const [k, ...v] = argv[++i].split('='); options.env[k] = v.join('='); }
    else if (arg === '--stdio') { options.stdio = argv.slice(i + 1); break; }
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!options.http === !(options.stdio && options.stdio.length > 0)) {
    throw new Error('give exactly one of --http URL or --stdio COMMAND [ARGS...]');
  }
  return options;
}

function transportFor(options) {
  if (options.http) {
    return new StreamableHTTPClientTransport(new URL(options.http));
  }
  const [command, ...args] = options.stdio;
  // As desktop clients do: the SDK's small default environment plus what the client's config adds.
  const env = { ...getDefaultEnvironment(), ...options.env };
  const transport = new StdioClientTransport({ command, args, env, cwd: options.cwd,
    stderr: options.serverLog ? 'pipe' : 'inherit' });
  if (options.serverLog) {
    transport.stderr.pipe(createWriteStream(options.serverLog, { flags: 'a' }));
  }
  return transport;
}

const tally = new Tally();
const report = tally.report.bind(tally);
const covered = new Set();

/**
 * Calls one tool and checks its answer. expectError: whether isError must be true. verify gets the
 * structured content (or the text for an error or a text-only tool) and returns a problem string or
 * nothing; note, if given, describes a passing answer. Returns the result so later cases can build on
 * it, or null when the case failed.
 */
async function check(client, name, tool, args, { expectError = false, verify, note } = {}) {
  covered.add(tool);
  let result;
  try {
    result = await client.callTool({ name: tool, arguments: args }, undefined, CALL_OPTIONS);
  } catch (e) {
    report(false, name, `threw ${oneLine(e.message, 600)}`);
    return null;
  }
  if (Boolean(result.isError) !== expectError) {
    report(false, name, `isError=${Boolean(result.isError)}, expected ${expectError}: ${oneLine(errorText(result))}`);
    return null;
  }
  const payload = expectError || result.structuredContent === undefined ? errorText(result) : result.structuredContent;
  let problem;
  try {
    problem = verify ? verify(payload, result) : undefined;
  } catch (e) {
    problem = `unexpected answer (${e.message}): ${oneLine(JSON.stringify(payload))}`;
  }
  if (problem) {
    report(false, name, problem);
    return null;
  }
  report(true, name, expectError ? `(error: ${oneLine(payload, 120)})` : note ? `(${note(payload)})` : '');
  return result;
}

const expect = {
  equal(actual, wanted, what) {
    return actual === wanted ? undefined : `${what} is ${JSON.stringify(actual)}, expected ${JSON.stringify(wanted)}`;
  },
  all(...problems) {
    return problems.find(p => p !== undefined);
  },
};

async function listAllTools(client) {
  const tools = [];
  let cursor;
  do {
    const page = await client.listTools(cursor ? { cursor } : undefined, CALL_OPTIONS);
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}

async function executionCases(client) {
  await check(client, 'execute_code ok', 'execute_code', { code: 'print(6 * 7)' }, {
    verify: r => expect.all(expect.equal(r.exit_code, 0, 'exit_code'), expect.equal(r.stdout, '42\n', 'stdout'),
      expect.equal(r.timed_out, false, 'timed_out')),
  });
  await check(client, 'execute_code exception', 'execute_code', { code: 'def f():\n    1 / 0\nf()' }, {
    verify: r => expect.all(expect.equal(r.exit_code, 1, 'exit_code'),
      r.stderr.includes('ZeroDivisionError') ? undefined : `stderr lacks the traceback: ${oneLine(r.stderr)}`),
  });
  await check(client, 'execute_code timeout', 'execute_code', { code: 'while True:\n    pass', timeout_s: 1 }, {
    verify: r => expect.all(expect.equal(r.timed_out, true, 'timed_out'), expect.equal(r.exit_code, 124, 'exit_code')),
  });
  const opened = await check(client, 'execute_code session new', 'execute_code', { code: 'x = 41', session: 'new' }, {
    verify: r => expect.all(expect.equal(r.exit_code, 0, 'exit_code'),
      typeof r.session === 'string' && typeof r.vault === 'string' ? undefined : 'no session and vault handles'),
  });
  const session = opened?.structuredContent.session;
  await check(client, 'execute_code session reuse', 'execute_code', { code: 'print(x + 1)', session }, {
    verify: r => expect.equal(r.stdout, '42\n', 'stdout'),
  });
  await check(client, 'execute_code sanitize_output', 'execute_code',
    { code: "print('write to alice.client-check@example.com')", sanitize_output: true }, {
      verify: r => r.stdout.includes('<EMAIL_ADDRESS_') && !r.stdout.includes('@example.com')
        ? undefined : `stdout not sanitized: ${oneLine(r.stdout)}`,
    });
  await check(client, 'execute_code invalid timeout', 'execute_code', { code: 'pass', timeout_s: 0 },
    { expectError: true });
  await backgroundCases(client);
  await check(client, 'reset_session existing', 'reset_session', { session }, {
    verify: text => /was reset/.test(text) ? undefined : `unexpected text: ${oneLine(text)}`,
  });
  await check(client, 'reset_session unknown', 'reset_session', { session }, {
    expectError: true,
    verify: text => /^session: no such session/.test(text) ? undefined : `unexpected text: ${oneLine(text)}`,
  });
}

/** Background runs: every answer shape (started, promoted, page, finished, cancelled) must fit its schema. */
async function backgroundCases(client) {
  const started = await check(client, 'execute_code background', 'execute_code',
    { code: "print('é' * 3)", background: true }, {
      verify: r => typeof r.execution_id === 'string' ? undefined : 'no execution_id',
    });
  const id = started?.structuredContent.execution_id ?? 'none';
  let finished = false;
  let out = '';
  const offsets = { stdout_offset: 0, stderr_offset: 0 };
  for (let i = 0; i < 20 && !finished; i++) {
    const page = await check(client, `get_execution wait ${i}`, 'get_execution', { execution_id: id, wait_s: 30,
      ...offsets }, { verify: r => typeof r.status === 'string' ? undefined : 'no status' });
    if (!page) break;
    const r = page.structuredContent;
    out += r.stdout;
    offsets.stdout_offset = r.next_stdout_offset;
    offsets.stderr_offset = r.next_stderr_offset;
    finished = r.status === 'finished' && !r.has_more;
    if (finished) {
      report(out === 'ééé\n' && r.exit_code === 0, 'get_execution finished', JSON.stringify(out));
    }
  }
  await check(client, 'cancel_execution finished', 'cancel_execution', { execution_id: id }, {
    verify: r => expect.all(expect.equal(r.status, 'finished', 'status'), expect.equal(r.cancelled, false, 'cancelled')),
  });
  await check(client, 'cancel_execution unknown', 'cancel_execution', { execution_id: 'no-such-run' },
    { expectError: true });
  const promoted = await check(client, 'execute_code wait_s promoted', 'execute_code',
    { code: "print('so far', flush=True)\nwhile True:\n    pass", wait_s: 1 }, {
      // Still waiting for a slot when wait_s ends (the shared server's other clients hold them), a run is promoted
      // queued: both are a promotion, and both take the cancellation below.
      verify: r => expect.all(['running', 'queued'].includes(r.status) ? undefined : `status is ${JSON.stringify(r.status)}`,
        typeof r.execution_id === 'string' ? undefined : 'no execution_id'),
    });
  if (promoted) {
    await check(client, 'cancel_execution running', 'cancel_execution',
      { execution_id: promoted.structuredContent.execution_id }, {
        verify: r => r.status !== 'finished' || (r.cancelled === true && r.exit_code === 130)
          ? undefined : `not cancelled: ${oneLine(JSON.stringify(r))}`,
      });
  }
}

async function registryCases(client, upstream) {
  const overview = await check(client, 'search_tools categories', 'search_tools', { query: '' }, {
    verify: r => Array.isArray(r.categories) && r.categories.length > 0 ? undefined : 'no categories',
  });
  const query = 'profile a csv file';
  const byName = await check(client, 'search_tools detail=name', 'search_tools', { query, detail: 'name' }, {
    verify: r => r.tools.length > 0 && r.tools.every(t => t.name && t.summary === undefined)
      ? undefined : `expected names only: ${oneLine(JSON.stringify(r.tools))}`,
  });
  const bySummary = await check(client, 'search_tools detail=summary', 'search_tools', { query, detail: 'summary' }, {
    verify: r => r.tools.length > 0 && r.tools.every(t => t.name && typeof t.summary === 'string')
      ? undefined : `expected name and summary: ${oneLine(JSON.stringify(r.tools))}`,
  });
  await check(client, 'search_tools detail=full', 'search_tools', { query, detail: 'full', limit: 3 }, {
    verify: r => r.tools.length > 0 && r.tools.every(t => t.input_schema && typeof t.input_schema === 'object')
      ? undefined : `expected input_schema on every hit: ${oneLine(JSON.stringify(r.tools))}`,
  });
  const category = overview?.structuredContent.categories[0].category ?? 'data';
  await check(client, `search_tools category=${category}`, 'search_tools', { query, category, detail: 'full' }, {
    verify: r => r.tools.length > 0 && r.tools.every(t => t.category === category)
      ? undefined : `expected hits of ${category} only: ${oneLine(JSON.stringify(r.tools.map(t => t.category)))}`,
  });
  await check(client, 'search_tools nonsense query', 'search_tools', { query: 'qqzx wvkjp xxyqq' }, {
    verify: r => Array.isArray(r.tools) ? undefined : 'tools is not an array',
  });
  await check(client, 'search_tools invalid detail', 'search_tools', { query, detail: 'everything' },
    { expectError: true });

  const local = byName?.structuredContent.tools[0].name ?? 'csv_profile';
  await check(client, `get_tool_definition ${local}`, 'get_tool_definition', { name: local }, {
    verify: r => expect.all(expect.equal(r.definition.name, local, 'definition.name'),
      r.python_snippet?.includes(local) ? undefined : `snippet does not call ${local}`),
  });
  await check(client, 'get_tool_definition unknown', 'get_tool_definition', { name: 'no_such_tool_client_check' },
    { expectError: true });
  if (upstream) {
    await upstreamCase(client, upstream);
  }
}

/**
 * The upstream server is imported in the background at start: poll until its category has tools. The
 * names come from the sandbox's own `tools.search`, so this case depends on get_tool_definition alone,
 * not on search_tools' output schema.
 */
async function upstreamCase(client, category) {
  const name = `get_tool_definition upstream ${category}`;
  const code = `import json, tools\nprint(json.dumps([t['name'] for t in tools.search('graph', category=${JSON.stringify(category)}, detail='name')]))`;
  const deadline = Date.now() + UPSTREAM_WAIT_MS;
  let hits = [];
  let last = 'no answer';
  while (hits.length === 0 && Date.now() < deadline) {
    let r;
    try {
      r = await client.callTool({ name: 'execute_code', arguments: { code } }, undefined, CALL_OPTIONS);
    } catch (e) {
      report(false, name, `could not list the upstream tools: execute_code threw ${oneLine(e.message)}`);
      return;
    }
    const out = r.structuredContent ?? {};
    if (r.isError || out.exit_code !== 0) {
      report(false, name, `could not list the upstream tools: ${oneLine(r.isError ? errorText(r) : out.stderr)}`);
      return;
    }
    hits = JSON.parse(out.stdout);
    last = `${hits.length} tools`;
    if (hits.length === 0) {
      await pause(250);
    }
  }
  if (hits.length === 0) {
    report(false, name, `no tool of category ${category} within ${UPSTREAM_WAIT_MS / 1000} s (last: ${last})`);
    return;
  }
  const tool = hits[0];
  await check(client, `${name}/${tool}`, 'get_tool_definition', { name: tool }, {
    verify: r => expect.all(expect.equal(r.definition.origin, 'upstream', 'definition.origin'),
      expect.equal(r.definition.category, category, 'definition.category')),
  });
}

async function skillCases(client, suffix) {
  const name = `client_check_${suffix}`;
  const word = `zebracheck${suffix}`;
  const draft = {
    name,
    description: `Greets the caller; a ${word} fixture saved by the client check.`,
    code: "def hello(who='world'):\n    return 'hello ' + who\n",
    tags: ['client-check'],
  };
  await check(client, 'save_skill', 'save_skill', draft, {
    verify: r => expect.all(expect.equal(r.name, name, 'name'), expect.equal(r.version, 1, 'version')),
  });
  await check(client, 'save_skill new version', 'save_skill', { ...draft, parameters: { who: 'name to greet' } }, {
    verify: r => expect.equal(r.version, 2, 'version'),
  });
  await check(client, 'load_skill newest', 'load_skill', { name }, {
    verify: r => expect.all(expect.equal(r.version, 2, 'version'), expect.equal(r.code, draft.code, 'code')),
  });
  await check(client, 'load_skill version 1', 'load_skill', { name, version: 1 }, {
    verify: r => expect.all(expect.equal(r.version, 1, 'version'), expect.equal(r.newest_version, 2, 'newest_version')),
  });
  await check(client, 'load_skill unknown', 'load_skill', { name: `no_such_skill_${suffix}` }, { expectError: true });
  await check(client, 'list_skills', 'list_skills', {}, {
    verify: r => r.skills.some(s => s.name === name) ? undefined : `${name} not listed`,
  });
  await check(client, 'list_skills query', 'list_skills', { query: word }, {
    verify: r => r.skills[0]?.name === name ? undefined : `${name} not first: ${oneLine(JSON.stringify(r.skills))}`,
  });
  await check(client, 'execute_code imports the skill', 'execute_code',
    { code: `from skills import ${name}\nprint(${name}.hello('agent'))` }, {
      verify: r => expect.equal(r.stdout, 'hello agent\n', 'stdout') ?? (r.exit_code === 0 ? undefined : r.stderr),
    });
  await check(client, 'delete_skill', 'delete_skill', { name }, {
    verify: r => expect.equal(r.versions_deleted, 2, 'versions_deleted'),
  });
  await check(client, 'delete_skill unknown', 'delete_skill', { name }, { expectError: true });
}

async function piiCases(client) {
  const original = 'Mail bob.client-check@example.com about card 4111 1111 1111 1111.';
  const sanitized = await check(client, 'sanitize_pii', 'sanitize_pii', { text: original }, {
    verify: r => r.counts.EMAIL_ADDRESS >= 1 && !r.text.includes('@example.com') && r.entities.length >= 1
      ? undefined : `not sanitized: ${oneLine(JSON.stringify(r))}`,
  });
  if (sanitized) {
    await check(client, 'restore_pii', 'restore_pii', { text: sanitized.structuredContent.text }, {
      verify: r => expect.equal(r.text, original, 'text'),
    });
  } else {
    await check(client, 'restore_pii', 'restore_pii', { text: 'nothing to restore' }, {
      verify: r => expect.equal(r.text, 'nothing to restore', 'text'),
    });
  }
  await check(client, 'sanitize_pii invalid min_score', 'sanitize_pii', { text: original, min_score: 7 },
    { expectError: true });
}

async function workspaceCases(client, suffix) {
  const dir = `client-check-${suffix}`;
  const path = `${dir}/note.txt`;
  const content = 'line one\nzwei\n';
  await check(client, 'write_workspace_file', 'write_workspace_file', { path, content }, {
    verify: r => expect.all(expect.equal(r.path, path, 'path'), expect.equal(r.bytes, 14, 'bytes')),
  });
  await check(client, 'read_workspace_file', 'read_workspace_file', { path }, {
    verify: r => expect.all(expect.equal(r.content, content, 'content'), expect.equal(r.eof, true, 'eof')),
  });
  await check(client, 'execute_code sees the workspace file', 'execute_code',
    { code: `print(open('${path}').read().splitlines()[1])` }, {
      verify: r => expect.equal(r.stdout, 'zwei\n', 'stdout'),
    });
  await check(client, 'list_workspace_files', 'list_workspace_files', { path: dir }, {
    verify: r => r.entries.some(e => e.path === path && e.type === 'file')
      ? undefined : `${path} not listed: ${oneLine(JSON.stringify(r.entries))}`,
  });
  // A name outside ASCII, under the minimal environment desktop clients start the server with (no LANG): the JVM
  // took ASCII as its file-name encoding and refused the path as malformed.
  const named = `${dir}/café – 東京.txt`;
  await check(client, 'write_workspace_file non-ASCII name', 'write_workspace_file', { path: named, content }, {
    verify: r => expect.equal(r.path, named, 'path'),
  });
  await check(client, 'list_workspace_files non-ASCII name', 'list_workspace_files', { path: dir }, {
    verify: r => r.entries.some(e => e.path === named)
      ? undefined : `${named} not listed: ${oneLine(JSON.stringify(r.entries))}`,
  });
  await check(client, 'execute_code reads the non-ASCII name', 'execute_code',
    { code: `print(open(${JSON.stringify(named)}).read().splitlines()[1])` }, {
      verify: r => expect.equal(r.stdout, 'zwei\n', 'stdout'),
    });
  await check(client, 'delete_workspace_file non-ASCII name', 'delete_workspace_file', { path: named }, {
    verify: r => expect.equal(r.deleted, true, 'deleted'),
  });
  await check(client, 'read_workspace_file missing', 'read_workspace_file', { path: `${dir}/missing.txt` },
    { expectError: true });
  await check(client, 'write_workspace_file path escape', 'write_workspace_file',
    { path: '../client-check-escape.txt', content: 'x' }, { expectError: true });
  await check(client, 'delete_workspace_file', 'delete_workspace_file', { path }, {
    verify: r => expect.equal(r.deleted, true, 'deleted'),
  });
  await check(client, 'delete_workspace_file folder', 'delete_workspace_file', { path: dir }, {
    verify: r => expect.equal(r.type, 'dir', 'type'),
  });
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const client = new Client({ name: 'code-execution-mcp-client-check', version: '1.0.0' });
  const transport = transportFor(options);
  const suffix = `${process.pid}_${Date.now().toString(36)}`;
  try {
    await client.connect(transport, CALL_OPTIONS);
    const server = client.getServerVersion();
    console.log(`connected to ${server?.name} ${server?.version} over ${options.http ? 'streamable HTTP' : 'stdio'}`);
    const tools = await listAllTools(client);
    console.log(`listed ${tools.length} tools: ${tools.map(t => t.name).join(', ')}`);

    // Right after connect the sandbox may still be warming: the answer must fit the schema then too.
    await check(client, 'get_execution_stats while warming', 'get_execution_stats', {}, {
      verify: r => typeof r.uptime_s === 'number' && typeof r.ready === 'boolean' ? undefined : 'no uptime_s/ready',
      note: r => `ready=${r.ready}, sandbox ${r.sandbox === null ? 'still starting' : 'up'}`,
    });
    await executionCases(client);
    await registryCases(client, options.upstream);
    await skillCases(client, suffix);
    await piiCases(client);
    await workspaceCases(client, suffix);
    await check(client, 'get_execution_stats after work', 'get_execution_stats', {}, {
      verify: r => expect.all(expect.equal(r.ready, true, 'ready'),
        r.executions && typeof r.executions === 'object' ? undefined : 'no executions figures'),
    });

    for (const tool of tools) {
      if (!covered.has(tool.name)) {
        report(false, `coverage ${tool.name}`, 'listed by the server but no case calls it: add one to client-check.mjs');
      }
    }
  } catch (e) {
    report(false, 'session', `aborted: ${oneLine(e.stack ?? e.message, 1000)}`);
  } finally {
    try {
      if (transport instanceof StreamableHTTPClientTransport) {
        await transport.terminateSession();
      }
      await client.close();
    } catch (e) {
      console.log(`note: closing the connection failed: ${oneLine(e.message)}`);
    }
  }
  process.exitCode = tally.finish();
}

await main();
