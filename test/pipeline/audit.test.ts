import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/index.js';
import { InputError } from '../../src/core/errors.js';
import { resultsSchema, type Results } from '../../src/results/schema.js';
import { runCli } from '../helpers/run-cli.js';
import { NEG, POS } from '../helpers/review-texts.js';

const sources = [`${POS} ${NEG} ${POS}`, `${NEG} ${POS} ${NEG}`, `${POS} ${POS} ${NEG}`, `${NEG} ${NEG} ${POS}`];

const cliResults = (stdout: string): Results => resultsSchema.parse((JSON.parse(stdout) as { results: unknown }).results);

describe('audit (the in-memory library entry point)', () => {
  it('recorded outputs: the same probes, groups, metrics, summaries and items as `slant measure` on the same records', async () => {
    const records = sources.flatMap((source, i) => [
      { id: `r${i}`, source, output: source.split('. ')[0] + '.', model: 'm1' },
      { id: `r${i}`, source, output: source.split('. ').slice(-1)[0] ?? '', model: 'm2' },
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'slant-audit-'));
    const file = join(dir, 'records.jsonl');
    writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const cli = await runCli(['--json', 'measure', 'framing', 'primacy', '--input', file, '--store', join(dir, 's.db'), '--reports', join(dir, 'r')]);
    expect(cli.code).toBe(0);
    const lib = await audit({ records, probes: ['framing', 'primacy'] });
    const fromCli = cliResults(cli.stdout);
    expect(lib.probes).toEqual(fromCli.probes);
    expect(lib.datasets).toEqual(fromCli.datasets);
    // the cross-group bootstrap summary is there
    expect(lib.probes[0]?.summary?.[0]?.ci?.method).toBeDefined();
    expect(lib.run.command).toBe('audit');
  });

  it('models write the outputs: the same results as `slant run` with the same models and records', async () => {
    const records = sources.map((source, i) => ({ id: `d${i}`, source }));
    const dir = mkdtempSync(join(tmpdir(), 'slant-audit-'));
    writeFileSync(join(dir, 'records.jsonl'), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    writeFileSync(
      join(dir, 'slant.yaml'),
      'store: s.db\nreports: r\nmodels:\n  - id: builtin:lead-3\n  - id: builtin:textrank\ndatasets:\n  - name: records\n    path: records.jsonl\nprobes:\n  - name: framing\n  - name: primacy\n    options: { split: sentences }\n',
    );
    const cli = await runCli(['--json', 'run', '-c', join(dir, 'slant.yaml')]);
    expect(cli.code).toBe(0);
    const lib = await audit({ records, probes: ['framing', { name: 'primacy', options: { split: 'sentences' } }], models: ['builtin:lead-3', 'builtin:textrank'] });
    const fromCli = cliResults(cli.stdout);
    expect(lib.probes).toEqual(fromCli.probes);
    expect(lib.models).toEqual(fromCli.models);
    expect(lib.probes.find((p) => p.probe === 'framing')?.summary?.length).toBeGreaterThan(0);
  });

  it('a bad record throws an InputError naming the record; skipInvalid counts it instead', async () => {
    const records = [{ source: POS, output: 'Fine.' }, { source: NEG, output: '' }];
    const err = await audit({ records, probes: ['framing'] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect(String((err as Error).message)).toMatch(/records.*row 2|row 2/);
    const res = await audit({ records, probes: ['framing'], skipInvalid: true });
    expect(res.datasets[0]).toMatchObject({ n: 1, skipped: 1 });
    expect(res.warnings.some((w) => JSON.stringify(w).includes('skipped 1'))).toBe(true);
  });

  it('maps fields to the keys the records use, and labels records without a model field', async () => {
    const res = await audit({ records: [{ text: `${POS} ${NEG}`, sum: 'Wonderful.' }], fields: { source: 'text', output: 'sum' }, probes: ['framing'], label: 'mine' });
    expect(res.probes[0]?.groups[0]?.labels.model).toBe('mine');
  });
});
