import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/core/errors.js';

describe('exit codes', () => {
  it('docs/cli.md lists exactly the codes of EXIT, each with its situations', () => {
    const doc = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('## Exit codes'), doc.indexOf('\n## ', doc.indexOf('## Exit codes') + 3));
    const rows = [...section.matchAll(/^\| (\d+) \| ([^|]+) \| ([^|]+) \|$/gm)].map((m) => ({ code: Number(m[1]), situations: m[3]?.trim() ?? '' }));
    expect(rows.map((r) => r.code).sort((a, b) => a - b)).toEqual([...new Set(Object.values(EXIT))].sort((a, b) => a - b));
    for (const r of rows) expect(r.situations.length).toBeGreaterThan(20);
  });
});
