import { afterEach, describe, it, expect } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installInterruptHandler, InterruptedError } from '../../src/runtime/interrupt.js';
import { lines, spawnTs, srcUrl } from './child-process.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'slant-int-'));
  dirs.push(d);
  return d;
}

// Work in flight is a 60 s wait tied to the signal; on abort the child reports the reason.
// With "linger" it then keeps running (a slow wind-down) so a second signal can be sent.
const CHILD = `
import { installInterruptHandler } from ${JSON.stringify(srcUrl('runtime/interrupt.ts'))};
import { setTimeout as sleep } from 'node:timers/promises';
const h = installInterruptHandler();
console.log('ready ' + h.interrupted());
try {
  await sleep(60_000, undefined, { signal: h.signal });
  console.log('finished');
} catch (err) {
  const reason = h.signal.reason;
  console.log('aborted ' + h.interrupted() + ' ' + reason.name + ' ' + reason.exitCode + ' ' + reason.signalName);
}
if (process.argv[2] === 'linger') {
  console.log('lingering');
  setInterval(() => {}, 1000);
} else {
  h.dispose();
  console.log('clean exit');
}
`;

describe('installInterruptHandler (real signals in a child process)', () => {
  it('first SIGINT aborts the signal with an InterruptedError; the process winds down normally', async () => {
    const child = spawnTs(tempDir(), 'child.mts', CHILD);
    const out = lines(child);
    await out.waitFor((all) => all.includes('ready false'));
    child.kill('SIGINT');
    const { code, stderr } = await out.exit;
    expect(out.all).toEqual(['ready false', 'aborted true InterruptedError 130 SIGINT', 'clean exit']);
    expect(code).toBe(0);
    expect(stderr).toContain('SIGINT: cancelling work in flight; finished work is kept.');
  });

  it('SIGTERM aborts too', async () => {
    const child = spawnTs(tempDir(), 'child.mts', CHILD);
    const out = lines(child);
    await out.waitFor((all) => all.includes('ready false'));
    child.kill('SIGTERM');
    const { code } = await out.exit;
    expect(out.all).toContain('aborted true InterruptedError 130 SIGTERM');
    expect(code).toBe(0);
  });

  it('a second SIGINT exits at once with code 130', async () => {
    const child = spawnTs(tempDir(), 'child.mts', CHILD, ['linger']);
    const out = lines(child);
    await out.waitFor((all) => all.includes('ready false'));
    child.kill('SIGINT');
    await out.waitFor((all) => all.includes('lingering'));
    child.kill('SIGINT');
    const { code, stderr } = await out.exit;
    expect(code).toBe(130);
    expect(stderr).toContain('SIGINT again: exiting now.');
  });
});

describe('installInterruptHandler (in process, no signals sent)', () => {
  it('adds one listener per signal and dispose removes them', () => {
    const before = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
    const h = installInterruptHandler({ exit: () => {} });
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual([before[0]! + 1, before[1]! + 1]);
    expect(h.interrupted()).toBe(false);
    expect(h.signal.aborted).toBe(false);
    h.dispose();
    expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(before);
  });

  it('InterruptedError is a UserError with exit code 130', () => {
    const e = new InterruptedError('SIGINT');
    expect(e.exitCode).toBe(130);
    expect(e.message).toMatch(/interrupted by SIGINT; finished work is stored/);
  });
});
