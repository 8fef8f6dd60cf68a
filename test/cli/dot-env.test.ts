import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDotEnv, parseDotEnv } from '../../src/cli/dot-env.js';
import { UserError } from '../../src/core/errors.js';
import { runCli } from '../helpers/run-cli.js';

const refused = (text: string): string => {
  try {
    parseDotEnv(text, '/w/.env');
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as UserError).message;
  }
  throw new Error('not refused');
};

describe('.env: the file format', () => {
  it('reads NAME=value lines: export, comments, quotes, escapes, values across lines', () => {
    const text = [
      '\uFEFF# keys for slant',
      'OPENAI_API_KEY=sk-abc123 # the work key',
      'export OLLAMA_HOST = http://127.0.0.1:11434',
      '',
      "SINGLE='a # not a comment \\n'",
      'DOUBLE="line1\\nline2 \\"q\\" \\\\"',
      'MULTI="first',
      'second"',
      'EMPTY=',
      'URL=http://h/p#frag',
      'OPENAI_API_KEY=sk-later',
    ].join('\r\n');
    expect(Object.fromEntries(parseDotEnv(text, '.env'))).toEqual({
      OPENAI_API_KEY: 'sk-later',
      OLLAMA_HOST: 'http://127.0.0.1:11434',
      SINGLE: 'a # not a comment \\n',
      DOUBLE: 'line1\nline2 "q" \\',
      MULTI: 'first\nsecond',
      EMPTY: '',
      URL: 'http://h/p#frag',
    });
  });

  it('a line that is not an assignment, an unclosed quote or text after a quote names the file and line', () => {
    expect(refused('A=1\nthis is not an assignment\n')).toBe('/w/.env, line 2: expected NAME=value (a comment starts with #)');
    expect(refused('A=1\nB="open\nC=2\n')).toBe('/w/.env, line 2: the double quote of B is never closed');
    expect(refused("A='x' y\n")).toBe('/w/.env, line 1: unexpected text after the quoted value of A');
  });
});

describe('.env in the working directory', () => {
  const cwd = process.cwd();
  const set: string[] = [];
  afterEach(() => {
    process.chdir(cwd);
    for (const k of set.splice(0)) delete process.env[k];
  });

  it('fills variables that are not set; a variable already in the environment wins; no file, nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-env-'));
    writeFileSync(join(dir, '.env'), 'FIRSTRUN_A=from-file\nFIRSTRUN_B=from-file\n');
    const env: Record<string, string | undefined> = { FIRSTRUN_B: 'from-env' };
    expect(loadDotEnv(env, dir)).toEqual(['FIRSTRUN_A']);
    expect(env).toEqual({ FIRSTRUN_A: 'from-file', FIRSTRUN_B: 'from-env' });
    expect(loadDotEnv(env, mkdtempSync(join(tmpdir(), 'slant-env-')))).toEqual([]);
    const folder = mkdtempSync(join(tmpdir(), 'slant-env-'));
    mkdirSync(join(folder, '.env'));
    expect(loadDotEnv(env, folder)).toEqual([]); // a folder called .env is not the file
  });

  it('the CLI reads it, and a key from it is redacted on the terminal like one from the environment', async () => {
    const key = 'Zq8vLm2pTx9RkW4';
    const dir = mkdtempSync(join(tmpdir(), 'slant-env-'));
    const store = join(dir, `${key}.db`);
    process.chdir(dir);
    const before = await runCli(['runs', '--store', store]);
    expect(before.stderr).toContain(key); // control: without .env the value is only a file name

    writeFileSync(join(dir, '.env'), `FIRSTRUN_EXAMPLE_API_KEY=${key}\n`);
    set.push('FIRSTRUN_EXAMPLE_API_KEY');
    const after = await runCli(['runs', '--store', store]);
    expect(process.env.FIRSTRUN_EXAMPLE_API_KEY).toBe(key);
    expect(after.code).toBe(2);
    expect(after.stderr).toContain('no store at');
    expect(after.stderr).toContain('[redacted]');
    expect(after.stderr).not.toContain(key);
  });

  it('a bad .env stops the command with exit 2 and the line, no stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-env-'));
    writeFileSync(join(dir, '.env'), 'OK=1\nOPENAI_API_KEY sk-missing-equals\n');
    process.chdir(dir);
    const r = await runCli(['runs']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${join(dir, '.env')}, line 2: expected NAME=value`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr).not.toContain('sk-missing-equals');
  });
});
