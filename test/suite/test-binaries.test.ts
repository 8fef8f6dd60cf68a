/**
 * The development install brings the real programs the suite starts, so `npm ci && npm test`
 * passes on a machine with Node and npm only: with the system's binaries hidden, PostgreSQL and
 * Chromium still come from npm packages (and run: the store and browser tests use them).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findChromium, findPgBin } from '../helpers/test-binaries.js';

describe('test binaries', () => {
  const saved = { hide: process.env.SLANT_TEST_SYSTEM_BINARIES, pg: process.env.PG_BIN, chromium: process.env.CHROMIUM_PATH };
  afterEach(() => {
    for (const [k, v] of [['SLANT_TEST_SYSTEM_BINARIES', saved.hide], ['PG_BIN', saved.pg], ['CHROMIUM_PATH', saved.chromium]] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it('with the system hidden, PostgreSQL comes from the npm install (initdb, pg_ctl and postgres present)', () => {
    process.env.SLANT_TEST_SYSTEM_BINARIES = '0';
    delete process.env.PG_BIN;
    const found = findPgBin();
    expect(found?.source).toBe('npm');
    for (const bin of ['initdb', 'pg_ctl', 'postgres']) expect(existsSync(join(found!.dir, bin))).toBe(true);
  });

  it('with the system hidden, Chromium comes from the npm install, unpacked once with a fonts.conf of its own', async () => {
    process.env.SLANT_TEST_SYSTEM_BINARIES = '0';
    delete process.env.CHROMIUM_PATH;
    const found = await findChromium();
    expect(found?.source).toBe('npm');
    expect(existsSync(found!.path)).toBe(true);
    expect(existsSync(join(found!.env.FONTCONFIG_PATH!, 'fonts.conf'))).toBe(true);
  });

  it('a path the user names wins over every other source', async () => {
    process.env.PG_BIN = '/opt/pg/bin';
    process.env.CHROMIUM_PATH = '/opt/chrome/chrome';
    expect(findPgBin()).toEqual({ dir: '/opt/pg/bin', source: 'env' });
    expect((await findChromium())?.path).toBe('/opt/chrome/chrome');
  });
});
