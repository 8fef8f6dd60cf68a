import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const setFlags = vi.hoisted(() => vi.fn());
vi.mock('node:v8', async (importOriginal) => ({ ...(await importOriginal<typeof import('node:v8')>()), setFlagsFromString: setFlags }));

describe("the CLI's tier-up budget", () => {
  it("is 8 times V8's default, set when the module is loaded", async () => {
    await import('../../src/cli/tier-up.js');
    expect(setFlags).toHaveBeenCalledTimes(1);
    expect(setFlags).toHaveBeenCalledWith('--interrupt-budget=540672');
  });

  it("is V8's own again once a run sends requests (tierUpAsUsual, called by the run when it first waits on its models)", async () => {
    const { tierUpAsUsual } = await import('../../src/cli/tier-up.js');
    setFlags.mockClear();
    tierUpAsUsual();
    expect(setFlags).toHaveBeenCalledWith('--interrupt-budget=67584');
    const run = readFileSync(resolve(import.meta.dirname, '../../src/cli/execute-run.ts'), 'utf8');
    expect(run).toMatch(/onWaiting: \(\) => \{[^}]*tierUpAsUsual\(\);/);
  });

  it('is set before the CLI loads anything else: the first import of bin.ts', () => {
    const text = readFileSync(resolve(import.meta.dirname, '../../src/cli/bin.ts'), 'utf8');
    const first = /^import\s+(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/m.exec(text);
    expect(first?.[1]).toBe('./tier-up.js');
  });
});
