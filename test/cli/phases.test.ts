import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { END_PHASES, PHASES_ENV } from '../../src/core/phases.js';
import { runCli } from '../helpers/run-cli.js';
import { NEG, POS } from '../helpers/review-texts.js';

const previous = process.env[PHASES_ENV];
afterEach(() => {
  if (previous === undefined) delete process.env[PHASES_ENV];
  else process.env[PHASES_ENV] = previous;
});

async function measure(): Promise<{ code: number; stderr: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'slant-phases-'));
  const file = join(dir, 'outputs.jsonl');
  const rows = [
    { id: 'a', source: `${POS} ${NEG} ${POS}`, output: 'The blender is wonderful and fast.' },
    { id: 'b', source: `${NEG} ${POS} ${NEG}`, output: 'The kettle broke and leaked.' },
  ];
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return runCli(['--quiet', 'measure', 'framing', 'primacy', '--input', file, '--store', join(dir, 'slant.db'), '--reports', join(dir, 'reports')]);
}

describe('SLANT_PHASES=1', () => {
  it('has a run write each step of its end to stderr, in order, each time at or after the one before', async () => {
    process.env[PHASES_ENV] = '1';
    const res = await measure();
    expect(res.code).toBe(0);
    const lines = res.stderr.split('\n').filter((l) => l.startsWith('slant-phase '));
    // every line is a step line: nothing else reaches stderr in a quiet run
    expect(res.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('slant-phase '))).toEqual([]);
    const steps = lines.map((l) => l.split(' ').slice(2).join(' '));
    expect(steps).toEqual([...END_PHASES]);
    const times = lines.map((l) => Number(l.split(' ')[1]));
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThanOrEqual(times[i - 1] as number);
  });

  it('writes none of them without the variable', async () => {
    delete process.env[PHASES_ENV];
    const res = await measure();
    expect(res.code).toBe(0);
    expect(res.stderr).toBe('');
  });
});
