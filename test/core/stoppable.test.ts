import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STOPPABLE_MIN_CHARS, stoppableStage, stoppableSync } from '../../src/core/stoppable.js';
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
