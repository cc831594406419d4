// What the client checks share: the SDK's call options, the PASS/FAIL tally, and how answers are shown.

// The first execution of a fresh server waits for a sandbox worker to start: tens of seconds on a busy
// 2-core machine, which can pass the SDK's 60 s default request timeout.
export const CALL_OPTIONS = { timeout: 300_000 };

export class Tally {
  passed = 0;
  failed = 0;

  report(ok, name, detail) {
    if (ok) this.passed++; else this.failed++;
    console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? ' ' + detail : ''}`);
  }

  /** Prints the totals; the exit status for them: success only when something passed and nothing failed. */
  finish() {
    console.log(`${this.passed} passed, ${this.failed} failed`);
    return this.failed === 0 && this.passed > 0 ? 0 : 1;
  }
}

export function oneLine(text, max = 300) {
  const flat = String(text).replace(/\s+/g, ' ').trim();
  return flat.length > max ? flat.slice(0, max) + '...' : flat;
}

export function errorText(result) {
  return (result.content ?? []).filter(c => c.type === 'text').map(c => c.text).join(' ');
}
