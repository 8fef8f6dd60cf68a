import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { resultsSchema } from '../../src/results/schema.js';
import { runCli } from '../helpers/run-cli.js';
import { NEG, POS } from '../helpers/review-texts.js';


let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'slant-measure-'));
});

const common = () => ['--store', join(dir, 'slant.db'), '--reports', join(dir, 'reports')];

describe('slant measure', () => {
  it('measures framing and primacy on a JSONL file with mapped fields, grouped by model', async () => {
    const file = join(dir, 'outputs.jsonl');
    const rows = [
      { rid: 'a', reviewText: `${POS} ${NEG} ${POS}`, summary: 'The blender is wonderful and fast.', system: 'm1' },
      { rid: 'b', reviewText: `${NEG} ${POS} ${NEG}`, summary: 'The kettle broke and leaked.', system: 'm1' },
      { rid: 'a', reviewText: `${POS} ${NEG} ${POS}`, summary: 'It leaked everywhere, terrible.', system: 'm2' },
      { rid: 'b', reviewText: `${NEG} ${POS} ${NEG}`, summary: 'Great smoothies, easy cleaning.', system: 'm2' },
    ];
    writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const out = join(dir, 'results.json');
    const res = await runCli(['--quiet', 'measure', 'framing', 'primacy', '--input', file, '--field', 'id=rid', '--field', 'source=reviewText', '--field', 'output=summary', '--field', 'model=system', '--output', out, ...common()]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const results = resultsSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
    const framing = results.probes.find((p) => p.probe === 'framing');
    expect(framing?.groups.map((g) => g.labels.model).sort()).toEqual(['m1', 'm2']);
    expect(framing?.groups.every((g) => g.n === 2)).toBe(true);
    expect(framing?.summary?.find((m) => m.name === 'phi_frame')).toBeDefined();
    const primacy = results.probes.find((p) => p.probe === 'primacy');
    expect(primacy?.items).toHaveLength(4);
    expect(primacy?.judges.map((j) => j.id)).toEqual(['tfidf']);
    expect(existsSync(join(dir, 'reports', results.run.id, 'report.html'))).toBe(true);
  });

  it('stops at a missing column with the file and the columns it has (exit 3)', async () => {
    const file = join(dir, 'bad.csv');
    writeFileSync(file, 'id,text\n1,hello\n');
    const res = await runCli(['measure', 'framing', '--input', file, ...common()]);
    expect(res.code).toBe(3);
    expect(res.stderr).toContain('bad.csv');
    expect(res.stderr).toMatch(/source/);
    expect(res.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('--skip-invalid goes on and reports the skipped count', async () => {
    const file = join(dir, 'mixed.jsonl');
    writeFileSync(file, [JSON.stringify({ source: POS, output: 'Great.' }), JSON.stringify({ source: '', output: 'x' }), JSON.stringify({ source: NEG, output: 'Bad.' })].join('\n') + '\n');
    const res = await runCli(['--json', 'measure', 'framing', '--input', file, '--skip-invalid', ...common()]);
    expect(res.code).toBe(0);
    const parsed = JSON.parse(res.stdout) as { results: { datasets: { n: number; skipped: number }[]; warnings: { message: string }[] } };
    expect(parsed.results.datasets[0]).toMatchObject({ n: 2, skipped: 1 });
    expect(parsed.results.warnings.some((w) => /skipped 1 record/.test(w.message))).toBe(true);
  });

  it('rejects --set for a probe that is not run, and bad option values', async () => {
    const file = join(dir, 'one.jsonl');
    writeFileSync(file, JSON.stringify({ source: POS, output: 'Great.' }) + '\n');
    const a = await runCli(['measure', 'framing', '--input', file, '--set', 'primacy.alpha=0.1', ...common()]);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain('primacy');
    const b = await runCli(['measure', 'primacy', '--input', file, '--set', 'primacy.split=paragraphs', ...common()]);
    expect(b.code).toBe(2);
    expect(b.stderr).toContain('probes.primacy.options.split');
  });

  it('refuses --set names of Object.prototype (__proto__ would change the options object, not add an option)', async () => {
    const file = join(dir, 'one.jsonl');
    writeFileSync(file, JSON.stringify({ source: POS, output: 'Great.' }) + '\n');
    for (const [spec, name] of [['primacy.__proto__=1', '__proto__'], ['primacy.constructor=1', 'constructor'], ['constructor.keys=1', 'constructor'], ['primacy.toString=x', 'toString']] as const) {
      const res = await runCli(['measure', 'primacy', '--input', file, '--set', spec, ...common()]);
      expect(res.code, spec).toBe(2);
      expect(res.stderr, spec).toContain(`--set ${spec.split('=')[0]}: "${name}" is not a probe or option name`);
      expect(res.stderr).not.toMatch(/\n\s+at /);
    }
    expect(typeof Object.keys).toBe('function');
  });
});
