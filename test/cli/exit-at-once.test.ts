import { describe, expect, it, vi } from 'vitest';

// a fresh module each test: `finished` is the process's state
const load = async (): Promise<typeof import('../../src/cli/exit-at-once.js')> => {
  vi.resetModules();
  return import('../../src/cli/exit-at-once.js');
};

describe('exitAtOnce', () => {
  it('does nothing before a run has finished (other commands end as Node ends them)', async () => {
    const { exitAtOnce } = await load();
    const exit = vi.fn();
    expect(exitAtOnce(0, [{ writableLength: 0 }], exit)).toBe(false);
    expect(exit).not.toHaveBeenCalled();
  });

  it('exits with the command’s code once the run has finished and its output is written', async () => {
    const { exitAtOnce, runFinished } = await load();
    runFinished();
    const exit = vi.fn();
    expect(exitAtOnce(5, [{ writableLength: 0 }, { writableLength: 0 }], exit)).toBe(true);
    expect(exit).toHaveBeenCalledWith(5);
  });

  it('waits while any output stream still holds bytes to write (a pipe’s pending writes would be lost)', async () => {
    const { exitAtOnce, runFinished } = await load();
    runFinished();
    const exit = vi.fn();
    expect(exitAtOnce(0, [{ writableLength: 0 }, { writableLength: 120 }], exit)).toBe(false);
    expect(exit).not.toHaveBeenCalled();
  });
});
