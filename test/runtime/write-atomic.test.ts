import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSecrets, registerSecret } from '../../src/core/redact.js';
import { checkWritablePath, RedactedText, writeFileAtomic, writeFileAtomicStream } from '../../src/runtime/write-atomic.js';

describe('writeFileAtomic', () => {
  it('replaces the whole file, creates parents, and leaves no temporary file behind', () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-atomic-'));
    const file = join(dir, 'a', 'b', 'report.html');
    writeFileAtomic(file, 'old '.repeat(1000));
    writeFileAtomic(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(readdirSync(join(dir, 'a', 'b'))).toEqual(['report.html']);
  });

  it('removes the temporary files of writers that were killed before their rename, and only those', () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-atomic-'));
    // a writer killed between creating its temporary file and renaming it: the file it leaves has
    // the name writeFileAtomic gives it, with the pid of a process that no longer runs
    const child = spawnSync(process.execPath, ['-e', `require('fs').writeFileSync(require('path').join(${JSON.stringify(dir)}, '.report.html.' + process.pid + '.a1b2c3.tmp'), 'half a rep'); process.kill(process.pid, 'SIGKILL')`]);
    expect(child.signal).toBe('SIGKILL');
    const dead = `.report.html.${child.pid}.a1b2c3.tmp`;
    const deadOther = `.results.json.${child.pid}.0f0f0f.tmp`;
    writeFileSync(join(dir, deadOther), '{');
    // a live writer (this process) may be about to rename its file; a user's own dotfile is no temp
    const live = `.report.html.${process.pid}.d4e5f6.tmp`;
    writeFileSync(join(dir, live), 'in progress');
    writeFileSync(join(dir, '.notes.tmp'), 'mine');
    expect(readdirSync(dir)).toContain(dead);
    writeFileAtomic(join(dir, 'report.html'), 'whole');
    expect(readdirSync(dir).sort()).toEqual(['.notes.tmp', live, 'report.html'].sort());
  });

  it('a directory at the path, or a file as a parent: UserErrors naming the path (checked before any work too)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-atomic-'));
    mkdirSync(join(dir, 'out'));
    writeFileSync(join(dir, 'file'), 'x');
    expect(() => writeFileAtomic(join(dir, 'out'), 'x', 'results JSON')).toThrow(`cannot write the results JSON to ${join(dir, 'out')}: it is a directory`);
    expect(() => writeFileAtomic(join(dir, 'file', 'r.json'), 'x', 'results JSON')).toThrow(/a parent of it is a file/);
    expect(() => checkWritablePath(join(dir, 'out'))).toThrow(/it is a directory/);
    expect(() => checkWritablePath(join(dir, 'file', 'deeper', 'r.json'))).toThrow(/a parent of it is a file/);
    expect(() => checkWritablePath(join(dir, 'new', 'deeper', 'r.json'))).not.toThrow();
    expect(readdirSync(dir).sort()).toEqual(['file', 'out']);
  });
});

describe('writeFileAtomicStream', () => {
  afterEach(() => clearSecrets());

  it('redacts each piece as it is written, and writes a piece redacted ahead (RedactedText) as it is: the same file', async () => {
    registerSecret('sk-test-abcdefghijklmnop', { inUse: true });
    const dir = mkdtempSync(join(tmpdir(), 'slant-atomic-'));
    const pieces = ['{"a":"key sk-test-abcdefghijklmnop here",', '"b":"sk-test-abcdefghijklmnop"}'];
    await writeFileAtomicStream(join(dir, 'plain.json'), async (write) => pieces.forEach((p) => write(p)));
    const ahead = RedactedText.of(pieces[1]!);
    expect(ahead.text).not.toContain('sk-test');
    await writeFileAtomicStream(join(dir, 'ahead.json'), async (write) => {
      write(pieces[0]!);
      write(ahead);
    });
    const plain = readFileSync(join(dir, 'plain.json'), 'utf8');
    expect(plain).toBe('{"a":"key [redacted] here","b":"[redacted]"}');
    expect(readFileSync(join(dir, 'ahead.json'), 'utf8')).toBe(plain);
  });
});
