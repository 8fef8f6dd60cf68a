import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfigFile, parseYamlLinear } from '../../src/config/load.js';

const dir = mkdtempSync(join(tmpdir(), 'slant-yaml-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('slant.yaml parsing', () => {
  it('gives what yaml.parse gives', () => {
    const text = 'a: 1\nb: [x, "y", 2.5]\nc:\n  d: &anchor { e: true }\n  f: *anchor\n"1": one\n1: number one\nnull: ~\n';
    expect(parseYamlLinear(text)).toEqual(parse(text));
  });

  it('refuses a duplicate key at its line, as yaml compares keys (1 and 1.0 are one key, "1" and 1 two)', () => {
    expect(() => parseYamlLinear('a: 1\nb:\n  c: 2\n  c: 3\n')).toThrow('Map keys must be unique');
    try {
      parseYamlLinear('a: 1\nb:\n  c: 2\n  c: 3\n');
    } catch (err) {
      expect((err as { linePos?: { line: number; col: number }[] }).linePos?.[0]).toEqual({ line: 4, col: 3 });
    }
    expect(() => parseYamlLinear('1: a\n1.0: b\n')).toThrow('Map keys must be unique');
    expect(parseYamlLinear('"1": a\n1: b\n')).toEqual(parse('"1": a\n1: b\n'));
    const file = join(dir, 'dup.yaml');
    writeFileSync(file, 'version: 1\nmodels: []\nmodels: []\n');
    expect(() => loadConfigFile(file)).toThrow(`${file}, line 3, column 1: invalid YAML: Map keys must be unique`);
  });

  it('checks 100,000 keys for duplicates in linear time', { timeout: 60_000 }, () => {
    // yaml's own check compares each key with all before it: 20,000 keys took 8.6 s, so these
    // 100,000 took minutes; a Set per map takes about a second (the limit is generous on purpose)
    const lines = ['extra:'];
    for (let i = 0; i < 100_000; i++) lines.push(`  k${i}: ${i}`);
    expect(() => parseYamlLinear(`${lines.join('\n')}\n  k7: again\n`)).toThrow('Map keys must be unique');
  });
});
