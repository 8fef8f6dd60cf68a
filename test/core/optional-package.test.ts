import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT, UserError } from '../../src/core/errors.js';
import { importOptional, installCommand, missingPackage, OPTIONAL_FEATURES } from '../../src/core/optional-package.js';
import manifest from '../../package.json' with { type: 'json' };

/**
 * Node's own error for a module outside the project that imports `pkg` (no node_modules above it),
 * made in a child process: the test runner resolves bare imports from the project root, so it
 * cannot produce a missing package itself.
 */
const dir = mkdtempSync(join(tmpdir(), 'slant-optional-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function moduleImporting(pkg: string): () => Promise<unknown> {
  const file = join(dir, `${pkg.replace(/[@/]/g, '_')}.mjs`);
  writeFileSync(file, `import * as m from '${pkg}';\nexport default m;\n`);
  const probe = `import(${JSON.stringify(file)}).then(() => console.log('{}'), (e) => console.log(JSON.stringify({ code: e.code, message: e.message })))`;
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: dir, encoding: 'utf8' });
  const { code, message } = JSON.parse(out.stdout) as { code?: string; message?: string };
  if (message === undefined) throw new Error(`${pkg} was found from ${dir}`);
  return () => Promise.reject(Object.assign(new Error(message), { code }));
}

describe('optional packages', () => {
  it('every feature package is an optional peer dependency, and a development dependency so the tests cover it', () => {
    const peers = manifest.peerDependencies as Record<string, string>;
    const meta = manifest.peerDependenciesMeta as Record<string, { optional?: boolean }>;
    const dev = manifest.devDependencies as Record<string, string>;
    const deps = manifest.dependencies as Record<string, string>;
    const all = new Set(Object.values(OPTIONAL_FEATURES).flatMap((f) => [...f.packages]));
    expect([...all].sort()).toEqual(Object.keys(peers).sort());
    for (const p of all) {
      expect(meta[p]?.optional, p).toBe(true);
      expect(dev[p], p).toBeDefined();
      expect(deps[p], `${p} is not installed for everyone`).toBeUndefined();
    }
  });

  it('the install command names every package of the feature with the declared range', () => {
    expect(installCommand('workers')).toBe(`npm i pg@${manifest.peerDependencies.pg} pg-boss@${manifest.peerDependencies['pg-boss']}`);
    expect(installCommand('gguf')).toBe(`npm i node-llama-cpp@${manifest.peerDependencies['node-llama-cpp']}`);
  });

  it("a missing package becomes a UserError (exit 2) naming the feature, the package and the line that adds it", async () => {
    const err = await importOptional('postgres', moduleImporting('pg')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UserError);
    expect((err as UserError).exitCode).toBe(EXIT.usage);
    expect((err as UserError).message).toBe('a PostgreSQL store (postgres:// URL) needs the optional package pg, which is not installed');
    expect((err as UserError).hint).toContain(`\`npm i pg@${manifest.peerDependencies.pg}\``);
  });

  it('a scoped package is named too', async () => {
    const err = await importOptional('news', moduleImporting('@mozilla/readability')).catch((e: unknown) => e);
    expect((err as UserError).message).toMatch(/news dataset builder.*needs the optional package @mozilla\/readability/);
    expect((err as UserError).hint).toContain('linkedom@');
  });

  it('a missing package the feature does not list is not blamed on it: the error goes through unchanged', async () => {
    const err = await importOptional('parquet', moduleImporting('slant-no-such-package')).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(UserError);
    expect(missingPackage(err, ['slant-no-such-package'])).toBe('slant-no-such-package');
  });

  it('other failures are rethrown as they are', async () => {
    const boom = new TypeError('boom');
    await expect(importOptional('parquet', () => Promise.reject(boom))).rejects.toBe(boom);
    expect(missingPackage(Object.assign(new Error("Cannot find package 'pg'"), { code: 'ERR_MODULE_NOT_FOUND' }), ['pg-boss'])).toBeUndefined();
  });

  it('a present package loads', async () => {
    const mod = await importOptional('parquet', () => import('hyparquet'));
    expect(typeof mod.parquetMetadataAsync).toBe('function');
  });
});
