import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../data/temp-dir.js';
import { runCli } from '../helpers/run-cli.js';
import { twoRuns } from '../helpers/two-runs.js';

describe('slant report / --fail-on', () => {
  const tmp = useTempDir();

  it('re-renders report.html with the items from the store, and exports csv, md and tex with SVG figures', async () => {
    const { store, reports, a } = await twoRuns(join(tmp.dir, 'r1'));
    const html = await runCli(['report', a, '--reports', reports, '--store', store]);
    expect(html.code).toBe(0);
    const page = readFileSync(join(reports, a, 'report.html'), 'utf8');
    expect(page).toContain('<svg');
    expect(page).toContain('The new bridge opened on time'); // a source text, from the store
    for (const format of ['csv', 'md', 'tex']) {
      const out = join(tmp.dir, `out-${format}`);
      const res = await runCli(['report', a, '--reports', reports, '--format', format, '-o', out]);
      expect(res.code).toBe(0);
      expect(readdirSync(out)).toContain(`seed000-table1.${format}`);
      expect(readdirSync(out).some((f) => f.endsWith('.svg'))).toBe(true);
    }
    const bad = await runCli(['report', a, '--reports', reports, '--format', 'pdf']);
    expect(bad.code).toBe(2);
  });

  it('exits 5 and names the failed condition with its value; 0 when every condition passes', async () => {
    const dir = join(tmp.dir, 'r2');
    const { reports, a } = await twoRuns(dir);
    const fail = await runCli(['report', a, '--reports', reports, '--format', 'md', '-o', join(dir, 'md'), '--fail-on', 'primacy.psi_pri.n < 5', '--fail-on', 'framing.phi_frame > 2']);
    expect(fail.code).toBe(5);
    expect(fail.stderr).toMatch(/fail-on: "primacy\.psi_pri\.n < 5" holds: primacy\[model=model-x,dataset=news[^\]]*\] psi_pri\.n = 4 < 5/);
    expect(fail.stderr).toContain('1 of 2 --fail-on condition(s) failed');
    const pass = await runCli(['report', a, '--reports', reports, '--format', 'md', '-o', join(dir, 'md'), '--fail-on', 'framing[model=model-x].phi_frame > 2']);
    expect(pass.code).toBe(0);
    const undecidable = await runCli(['report', a, '--reports', reports, '--format', 'md', '-o', join(dir, 'md'), '--fail-on', 'certainty.cd > 0.1']);
    expect(undecidable.code).toBe(5);
    expect(undecidable.stderr).toMatch(/undecidable: certainty: no probe "certainty"/);
    const misspelt = await runCli(['report', a, '--reports', reports, '--format', 'md', '-o', join(dir, 'md'), '--fail-on', 'framing.phi_fram > 0.1']);
    expect(misspelt.code).toBe(2);
    expect(misspelt.stderr).toContain('framing reports no metric "phi_fram" (did you mean "phi_frame"?)');
    expect(misspelt.stderr).not.toMatch(/\bat .*\.js:\d+/);
  });

  it('--fail-on on measure: checked after the run is stored and reported', async () => {
    const dir = join(tmp.dir, 'r3');
    await twoRuns(dir);
    const res = await runCli(['--quiet', 'measure', 'framing', '--input', join(dir, 'lead', 'news.jsonl'), '--store', join(dir, 's.db'), '--reports', join(dir, 'rep'), '--fail-on', 'framing.phi_frame >= 0']);
    expect(res.code).toBe(5);
    expect(res.stderr).toMatch(/holds: framing\[model=model-x,dataset=news[^\]]*\] phi_frame = [\d.]+ >= 0/);
    expect(readdirSync(join(dir, 'rep')).length).toBe(1); // the run's report folder was written before the gate
    const syntax = await runCli(['--quiet', 'measure', 'framing', '--input', join(dir, 'lead', 'news.jsonl'), '--store', join(dir, 's.db'), '--reports', join(dir, 'rep'), '--fail-on', 'framing.phi_frame']);
    expect(syntax.code).toBe(2);
  });
});
