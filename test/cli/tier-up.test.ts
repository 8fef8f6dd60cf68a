import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const setFlags = vi.hoisted(() => vi.fn());
vi.mock('node:v8', async (importOriginal) => ({ ...(await importOriginal<typeof import('node:v8')>()), setFlagsFromString: setFlags }));

describe("the CLI's tier-up budget", () => {
  const byBudget = process.versions.v8.startsWith('11.');

  it("is 8 times V8's default, set when the module is loaded, on a V8 that has the flag (Node 20's)", async () => {
    const { tiersUpByBudget } = await import('../../src/cli/tier-up.js');
    expect([tiersUpByBudget('11.3.244.8-node.33'), tiersUpByBudget('12.4.254.21-node.57'), tiersUpByBudget('10.2.154.26-node.36')]).toEqual([true, false, false]);
    if (byBudget) {
      expect(setFlags).toHaveBeenCalledTimes(1);
      expect(setFlags).toHaveBeenCalledWith('--interrupt-budget=540672');
    } else expect(setFlags).not.toHaveBeenCalled();
  });

  it('prints nothing on stderr on this Node (an unknown V8 flag would print "unrecognized flag")', () => {
    const root = resolve(import.meta.dirname, '../..');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', '--version'], { cwd: root, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/\d+\.\d+\.\d+/);
  });

  it("is V8's own again once a run sends requests (tierUpAsUsual, called by the run when it first waits on its models)", async () => {
    const { tierUpAsUsual } = await import('../../src/cli/tier-up.js');
    setFlags.mockClear();
    tierUpAsUsual();
    if (byBudget) expect(setFlags).toHaveBeenCalledWith('--interrupt-budget=67584');
    else expect(setFlags).not.toHaveBeenCalled();
    const run = readFileSync(resolve(import.meta.dirname, '../../src/cli/execute-run.ts'), 'utf8');
    expect(run).toMatch(/onWaiting: \(\) => \{[^}]*tierUpAsUsual\(\);/);
  });

  it('is set before the CLI loads anything else: the first import of bin.ts', () => {
    const text = readFileSync(resolve(import.meta.dirname, '../../src/cli/bin.ts'), 'utf8');
    const first = /^import\s+(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/m.exec(text);
    expect(first?.[1]).toBe('./tier-up.js');
  });
});
