import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STOPPABLE_MIN_CHARS, stoppable, stoppableStage, stoppableSync } from '../../src/core/stoppable.js';
import { lines, spawnTs, srcUrl } from '../runtime/child-process.js';

const dir = mkdtempSync(join(tmpdir(), 'slant-stoppable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('stoppableSync', () => {
  it('SIGTERM ends synchronous work that never returns, although a listener would only note it', async () => {
    // the run's real interrupt handler is installed; the work below never yields to the event
    // loop, so without stoppableSync the signal would wait forever (the test would time out)
    const child = spawnTs(dir, 'forever.mts', `
      import { installInterruptHandler } from ${JSON.stringify(srcUrl('runtime/interrupt.ts'))};
      import { stoppableSync, STOPPABLE_MIN_CHARS } from ${JSON.stringify(srcUrl('core/stoppable.ts'))};
      installInterruptHandler();
      process.stdout.write('ready\\n');
      stoppableSync(STOPPABLE_MIN_CHARS, () => { for (;;) {} });
    `);
    const out = lines(child);
    await out.waitFor((all) => all.includes('ready'));
    // the child may still be between the write and the loop: signal until it is gone
    const tick = setInterval(() => child.kill('SIGTERM'), 200);
    const exit = await out.exit;
    clearInterval(tick);
    expect(exit.signal).toBe('SIGTERM');
  }, 30_000);

  it('SIGTERM ends a stage of free work (aggregating and reporting a run) that would otherwise go on after the signal', async () => {
    // the handler would only abort a signal this work never looks at: without stoppableStage the
    // child runs forever
    const child = spawnTs(dir, 'stage.mts', `
      import { installInterruptHandler } from ${JSON.stringify(srcUrl('runtime/interrupt.ts'))};
      import { stoppableStage } from ${JSON.stringify(srcUrl('core/stoppable.ts'))};
      installInterruptHandler();
      await stoppableStage(async () => {
        process.stdout.write('ready\\n');
        for (;;) await new Promise((r) => setTimeout(r, 20));
      });
    `);
    const out = lines(child);
    await out.waitFor((all) => all.includes('ready'));
    child.kill('SIGTERM');
    const exit = await out.exit;
    expect(exit.signal).toBe('SIGTERM');
  }, 30_000);

  it('stoppableStage puts the listeners back after async work', async () => {
    const a = (): void => undefined;
    process.on('SIGINT', a);
    try {
      expect(await stoppableStage(async () => process.listeners('SIGINT').includes(a))).toBe(false);
      expect(process.listeners('SIGINT').includes(a)).toBe(true);
    } finally {
      process.off('SIGINT', a);
    }
  });

  it('a signal caught during earlier synchronous work still reaches its listener before the listeners come off', async () => {
    // the signal arrives while the child is busy with the listener on; taking the listener off
    // before the event loop handed the signal over would drop it, and the endless work after it
    // would never be stopped
    const child = spawnTs(dir, 'pending.mts', `
      import { installInterruptHandler } from ${JSON.stringify(srcUrl('runtime/interrupt.ts'))};
      import { stoppable, STOPPABLE_MIN_CHARS } from ${JSON.stringify(srcUrl('core/stoppable.ts'))};
      const handler = installInterruptHandler({ exit: (code) => process.exit(code) });
      process.stdout.write('busy\\n');
      const until = Date.now() + 3000;
      while (Date.now() < until) {}
      try {
        await stoppable(STOPPABLE_MIN_CHARS, () => { for (;;) {} }, handler.signal);
      } catch {
        process.exit(130);
      }
    `);
    const out = lines(child);
    await out.waitFor((all) => all.includes('busy'));
    child.kill('SIGTERM');
    const exit = await out.exit;
    expect(exit.code).toBe(130);
  }, 30_000);

  it("stoppable() does not start work its signal has cancelled", async () => {
    const ctrl = new AbortController();
    ctrl.abort(new Error('stopped'));
    let ran = false;
    await expect(stoppable(STOPPABLE_MIN_CHARS, () => (ran = true), ctrl.signal)).rejects.toThrow('stopped');
    expect(ran).toBe(false);
    // short work runs at once, without turns of the event loop
    expect(await stoppable(10, () => 'done', ctrl.signal)).toBe('done');
  });

  it('puts the listeners back, in order, when the work returns or throws', () => {
    const a = (): void => undefined;
    const b = (): void => undefined;
    process.on('SIGTERM', a);
    process.on('SIGTERM', b);
    try {
      const during = stoppableSync(STOPPABLE_MIN_CHARS, () => process.listeners('SIGTERM').length);
      expect(during).toBe(0);
      expect(() => stoppableSync(STOPPABLE_MIN_CHARS, () => {
        throw new Error('boom');
      })).toThrow('boom');
      const after = process.listeners('SIGTERM');
      expect(after.slice(-2)).toEqual([a, b]);
      // short work keeps the listeners (not worth taking them off)
      expect(stoppableSync(STOPPABLE_MIN_CHARS - 1, () => process.listeners('SIGTERM').includes(a))).toBe(true);
    } finally {
      process.off('SIGTERM', a);
      process.off('SIGTERM', b);
    }
  });
});
