import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkWritablePath, writeFileAtomic } from '../../src/runtime/write-atomic.js';

describe('writeFileAtomic', () => {
  it('replaces the whole file, creates parents, and leaves no temporary file behind', () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-atomic-'));
    const file = join(dir, 'a', 'b', 'report.html');
    writeFileAtomic(file, 'old '.repeat(1000));
    writeFileAtomic(file, 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(readdirSync(join(dir, 'a', 'b'))).toEqual(['report.html']);
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
