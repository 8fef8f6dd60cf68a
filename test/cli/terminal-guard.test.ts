/* eslint-disable no-control-regex -- matching terminal control characters is what this file is for */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSecrets, registerSecret } from '../../src/core/redact.js';
import { installTerminalGuard, terminalSafe } from '../../src/cli/terminal-guard.js';
import { runCli } from '../helpers/run-cli.js';

const EVIL = 'evil\x1b]0;pwned title\x07\x1b[2J\x1b[H\rX\u202egnp.exe\u2066';

afterEach(() => clearSecrets());

describe('terminalSafe', () => {
  it('strips control sequences before redacting, so escapes cannot split a key', () => {
    registerSecret('split-secret-value');
    expect(terminalSafe('key split-\x1b[0msecret-value\x07 and sk-ab\x1b[2Jcdefgh12345')).toBe('key [redacted] and [redacted]');
  });
});

describe('installTerminalGuard', () => {
  it('sanitises every write to stdout and stderr (strings and bytes) until disposed', () => {
    const seen: string[] = [];
    const out = vi.spyOn(process.stdout, 'write').mockImplementation((c: string | Uint8Array) => (seen.push(String(c)), true));
    const err = vi.spyOn(process.stderr, 'write').mockImplementation((c: string | Uint8Array) => (seen.push(String(c)), true));
    try {
      const guard = installTerminalGuard();
      process.stdout.write(`table ${EVIL}\n`);
      process.stderr.write(Buffer.from('bad key Bearer abc123def456ghi \x1b[2J\n'));
      guard.progressStream.write('\rrun [##..] 1/2 \x1b]0;t\x07\x1b[K');
      guard.dispose();
      process.stdout.write('after \x07');
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    expect(seen).toEqual(['table evilXgnp.exe\n', 'bad key Bearer [redacted] \n', '\rrun [##..] 1/2 \x1b[K', 'after \x07']);
  });
});

describe('item 13: escape sequences in labels, names and texts never reach the terminal', () => {
  it('slant measure with a model label and texts full of escape codes prints them stripped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-escapes-'));
    const file = join(dir, 'data.jsonl');
    const source = `The first sentence ${EVIL} is here. The middle one talks about lamps. The last sentence ends it.`;
    writeFileSync(file, [0, 1].map((i) => JSON.stringify({ id: `r${i}`, model: EVIL, source, output: `The first sentence ${EVIL}.` })).join('\n') + '\n');
    for (const args of [['measure', 'primacy'], ['--json', 'measure', 'primacy']]) {
      const res = await runCli([...args, '--input', file, '--store', join(dir, 'db'), '--reports', join(dir, 'r')]);
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout + res.stderr).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
      expect(res.stdout).toContain('evil');
    }
    // an error quoting a bad value is stripped too
    writeFileSync(file, `{"id": "x\\u001b]0;t\\u0007", "source": 5}\n`);
    const bad = await runCli(['measure', 'primacy', '--input', file, '--store', join(dir, 'db'), '--reports', join(dir, 'r')]);
    expect(bad.code).toBe(3);
    expect(bad.stderr).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
  });
});

describe('overlapping guards (two in-process commands)', () => {
  it('disposing out of order never leaves an unguarded or stale writer behind', () => {
    const seen: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((c: string | Uint8Array) => (seen.push(String(c)), true));
    try {
      const base = process.stdout.write;
      const a = installTerminalGuard();
      const b = installTerminalGuard();
      a.dispose(); // b's wrapper is current: a's stays inside the chain
      process.stdout.write('x\x1b[2J\n');
      b.dispose();
      expect(process.stdout.write).toBe(base);
    } finally {
      spy.mockRestore();
    }
    expect(seen).toEqual(['x\n']);
  });
});
