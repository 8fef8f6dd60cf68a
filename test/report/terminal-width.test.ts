import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { colorEnabled } from '../../src/core/color.js';
import { buildReportModel } from '../../src/report/model.js';
import { renderTerminalReport } from '../../src/report/terminal.js';
import { FALLBACK_WIDTH, renderPresentedTable, terminalWidth } from '../../src/report/terminal-tables.js';
import { compactStat } from '../../src/report/terminal-compact.js';
import { displayWidth } from '../../src/report/table.js';
import { resultsSchema, type Results } from '../../src/results/schema.js';
import type { PresentedTable } from '../../src/results/presentation.js';
import { runCli } from '../helpers/run-cli.js';
import { syntheticResults } from '../helpers/synthetic-results.js';

const WIDTHS = [60, 80, 100, 160];
// eslint-disable-next-line no-control-regex -- looking for colour codes is the point
const ESC = /\x1b\[/;

const ci = (low: number, high: number) => ({ low, high, level: 0.95, method: 'wilson' });

/** Every line within the width, measured as a terminal shows it (combining marks take no column). */
function expectFits(text: string, width: number): void {
  for (const line of text.split('\n')) expect(displayWidth(line), `${width}: ${line}`).toBeLessThanOrEqual(width);
}

describe('terminal width', () => {
  it('is the terminal\'s columns, else COLUMNS, else 100 when stdout is not a terminal', () => {
    expect(terminalWidth({ isTTY: true, columns: 132 }, {})).toBe(132);
    expect(terminalWidth({ isTTY: false, columns: 132 }, {})).toBe(FALLBACK_WIDTH);
    expect(terminalWidth({}, {})).toBe(100);
    expect(terminalWidth({}, { COLUMNS: '72' })).toBe(72);
    expect(terminalWidth({}, { COLUMNS: 'wide' })).toBe(100);
    // a tiny window still gets a readable layout
    expect(terminalWidth({ isTTY: true, columns: 12 }, {})).toBe(40);
  });
});

describe('colour: NO_COLOR and FORCE_COLOR', () => {
  it('colours a terminal only, unless NO_COLOR turns it off or FORCE_COLOR on (FORCE_COLOR wins)', () => {
    expect(colorEnabled({ isTTY: true }, {})).toBe(true);
    expect(colorEnabled({ isTTY: false }, {})).toBe(false);
    expect(colorEnabled({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    // an empty NO_COLOR does not count (no-color.org)
    expect(colorEnabled({ isTTY: true }, { NO_COLOR: '' })).toBe(true);
    expect(colorEnabled({ isTTY: false }, { FORCE_COLOR: '1' })).toBe(true);
    expect(colorEnabled({ isTTY: false }, { FORCE_COLOR: '' })).toBe(true);
    expect(colorEnabled({ isTTY: true }, { FORCE_COLOR: '0' })).toBe(false);
    expect(colorEnabled({ isTTY: false }, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(true);
  });

  const saved = { NO_COLOR: process.env.NO_COLOR, FORCE_COLOR: process.env.FORCE_COLOR };
  afterEach(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it('the report has no colour codes with NO_COLOR and has them with FORCE_COLOR', () => {
    const results = syntheticResults();
    delete process.env.FORCE_COLOR;
    process.env.NO_COLOR = '1';
    expect(renderTerminalReport(results, { width: 100 })).not.toMatch(ESC);
    expect(renderTerminalReport(results, { width: 100, verbose: true })).not.toMatch(ESC);
    delete process.env.NO_COLOR;
    process.env.FORCE_COLOR = '1';
    expect(renderTerminalReport(results, { width: 100 })).toMatch(ESC);
  });
});

describe('tables fit the width without splitting a number', () => {
  // numbers of every shape a table prints: rates, intervals, signed differences, p-values
  const table: PresentedTable = {
    id: 't',
    title: 'A table with long headers and intervals, fitted to the terminal',
    columns: ['model', 'dataset', 'n', 'framing-change fraction φ_frame', 'position-invariant-shuffle', 'self-awareness'],
    rows: [
      ['openai:gpt-4o-mini-2024-07-18', 'demo-interviews', 120, { value: 0.4567, n: 120, kind: 'rate', ci: ci(0.3791, 0.5362) }, { value: -0.2512, n: 120, kind: 'rate', difference: true, ci: ci(-0.4733, -0.0418), p: 0.01234, pHolm: 0.0617 }, { value: 0.61234, n: 120, kind: 'mean', ci: ci(0.56119, 0.66341) }],
      ['builtin:textrank', 'demo-reviews', 40, { value: 0.05, n: 38, kind: 'rate', ci: ci(0.0138, 0.1691), excluded: { unreadable: 2 } }, { value: null, n: 0, kind: 'rate', difference: true }, { value: 0.5, n: 40, kind: 'mean', ci: ci(0.444, 0.587) }],
    ],
  };
  const numbers = ['45.7%', '37.9%', '53.6%', '-25.1', '-47.3', '-4.2', '0.0123', '0.0617', '0.612', '0.561', '0.663', '5.0%', '1.4%', '16.9%', '0.444', '0.587', '120', '38'];

  for (const width of WIDTHS) {
    it(`at ${width} columns: every line fits and every number is whole`, () => {
      const out = renderPresentedTable(table, { width, color: false });
      expectFits(out, width);
      for (const n of numbers) expect(out, `${width}: ${n}`).toMatch(new RegExp(`(^|[^\\d.])${n.replace(/[.%]/g, (c) => `\\${c}`)}($|[^\\d])`, 'm'));
    });
  }

  it('keeps an interval on one line while the width allows, breaks it only after its comma', () => {
    const wide = renderPresentedTable(table, { width: 160, color: false });
    expect(wide).toContain('[37.9%, 53.6%]');
    const narrow = renderPresentedTable(table, { width: 60, color: false });
    // never "[37.9" + "%, 53.6%]" or "53." + "6%]"
    expect(narrow).not.toMatch(/\d\.\s*│|\d\s*│\s*\n[^\n]*│\s*\d/);
  });
});

describe('the default report of a run with conditions: compact, at every width', () => {
  const results = syntheticResults();
  for (const width of WIDTHS) {
    it(`at ${width} columns the compact report and --verbose fit`, () => {
      expectFits(renderTerminalReport(results, { width, color: false }), width);
      expectFits(renderTerminalReport(results, { width, color: false, verbose: true }), width);
    });
  }

  it('shows the main metric at the baseline and each condition\'s paired change with its interval, marked when it excludes 0', () => {
    const out = renderTerminalReport(results, { width: 160, color: false });
    expect(out).toContain('Δ self-awareness');
    // framing: 4 of 12 changed at the baseline (Wilson [13.8%, 60.9%]), 2 of 12 under self-awareness: −16.7 pp
    expect(out).toMatch(/model-a\s*│ 12 │ 33% \[14, 61\]\s*│ -17 \[-40, 7\]/);
    expect(compactStat({ value: -0.85, n: 20, kind: 'rate', difference: true, ci: ci(-0.948, -0.585) })).toBe('-85 [-95, -59]');
    expect(compactStat({ value: 0, n: 20, kind: 'rate', difference: true, ci: ci(-0.161, 0.161) })).toBe('0 [-16, 16]');
    expect(compactStat({ value: null, n: 0, kind: 'rate' })).toBe('— (n = 0)');
    // verbose keeps the papers' layouts and the per-group tables
    const verbose = renderTerminalReport(results, { width: 160, color: false, verbose: true });
    expect(verbose).toContain('Framing and primacy per mitigation');
    expect(out).not.toContain('Framing and primacy per mitigation');
    expect(out).toContain('--verbose');
  });

  it('marks a paired change whose interval excludes 0', () => {
    const r = structuredClone(results);
    const framing = r.probes.find((p) => p.probe === 'framing')!;
    const e = framing.effects!.find((x) => x.metric === 'phi_frame' && x.labels.condition === 'self-awareness')!;
    expect(renderTerminalReport(r, { width: 160, color: false })).not.toMatch(/-17\*/);
    e.ci = ci(-0.4, -0.02);
    expect(renderTerminalReport(r, { width: 160, color: false })).toMatch(/-17\* \[-40, -2\]/);
  });
});

// 2 models × 2 datasets × (baseline + 3 mitigations), framing and primacy, offline: the run the default output was 288 lines for
describe('slant run: the default output of a 2 × 2 × 4 run', { timeout: 180_000 }, () => {
  let results: Results;
  let stdout = '';
  const dir = mkdtempSync(join(tmpdir(), 'slant-2x2x4-'));
  beforeAll(async () => {
    const config = join(dir, 'slant.yaml');
    writeFileSync(
      config,
      [
        `store: ${join(dir, 'slant.db')}`,
        `reports: ${join(dir, 'reports')}`,
        `models: [{ id: 'builtin:lead-3' }, { id: 'builtin:textrank' }]`,
        `datasets: [{ name: demo-reviews, builtin: demo-reviews, limit: 8 }, { name: demo-interviews, builtin: demo-interviews, limit: 8 }]`,
        `probes: [{ name: framing }, { name: primacy }]`,
        `mitigations: [partial-summaries, weighted-summaries, position-invariant-shuffle]`,
        '',
      ].join('\n'),
    );
    const columns = process.env.COLUMNS;
    delete process.env.COLUMNS;
    try {
      const res = await runCli(['run', '-c', config]);
      expect(res.code, res.stderr).toBe(0);
      stdout = res.stdout;
      const json = await runCli(['--json', 'report', 'latest', '--store', join(dir, 'slant.db'), '--reports', join(dir, 'reports')]);
      results = resultsSchema.parse(JSON.parse(json.stdout));
    } finally {
      if (columns !== undefined) process.env.COLUMNS = columns;
    }
  });

  it('is under 60 lines at the fallback width of 100, every line within it', () => {
    const lines = stdout.trimEnd().split('\n');
    expect(lines.length, stdout).toBeLessThan(60);
    // the report fits; the closing lines stay whole when piped (scripts read them, paths are never broken)
    expectFits(stdout.slice(0, stdout.search(/^run \S+: completed/m)), 100);
    expect(stdout).toContain('Δ position-');
    expect(stdout).toMatch(/report: .*report\.html/);
  });

  it('--verbose prints the rest: the papers\' layouts and usage', () => {
    const verbose = renderTerminalReport(results, { verbose: true, width: 100, color: false });
    expect(verbose.split('\n').length).toBeGreaterThan(150);
    expect(verbose).toContain('Paired effects against the baseline, builtin:lead-3 on demo-reviews');
    const model = buildReportModel(results);
    // the findings come first, each sentence the report model's
    const out = renderTerminalReport(results, { model, width: 100, color: false });
    expect(out.startsWith('Findings (stated only where')).toBe(true);
    for (const m of model.findings) for (const f of m.findings) expect(out.replace(/\s+/g, ' ')).toContain(f.text);
  });

  it('where no layout brings it onto one screen (40 columns), nothing is left out: every finding and warning in full', () => {
    const model = buildReportModel(results);
    const out = renderTerminalReport(results, { model, width: 40, color: false });
    expect(out.split('\n').length).toBeGreaterThan(60);
    for (const m of model.findings) for (const f of m.findings) expect(out.replace(/\s+/g, ' ')).toContain(f.text);
    expect(out).not.toContain('more finding');
    expect(out).not.toContain('…');
  });

  // `slant report` prints the run's report and one line (where report.html is); `slant run` prints three (status, report, results)
  const reportAt = async (width: number, env: Record<string, string | undefined> = {}): Promise<string> => {
    const saved = Object.fromEntries(['COLUMNS', 'NO_COLOR', 'FORCE_COLOR'].map((k) => [k, process.env[k]]));
    Object.assign(process.env, { COLUMNS: String(width) });
    for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
    else process.env[k] = v;
    try {
      const res = await runCli(['report', 'latest', '--store', join(dir, 'slant.db'), '--reports', join(dir, 'reports')]);
      expect(res.code, res.stderr).toBe(0);
      return res.stdout;
    } finally {
      for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };

  for (const width of WIDTHS) {
    it(`at ${width} columns: under 60 lines with the run's closing lines, every line within the width, no number or interval split`, async () => {
      const out = (await reportAt(width, { NO_COLOR: '1', FORCE_COLOR: undefined })).trimEnd();
      expect(out).not.toMatch(ESC);
      const lines = out.split('\n');
      // the report and its "report:" line, plus the two more lines `slant run` closes with
      expect(lines.length + 2, out).toBeLessThan(60);
      expectFits(out.slice(0, out.search(/^report: /m)), width);
      expectWhole(out);
      // a table per probe, whatever its layout
      expect(out).toMatch(/^framing\b/m);
      expect(out).toMatch(/^primacy\b/m);
      // the findings first; where the screen is short of lines, the sentences left out are counted
      expect(out.startsWith('Findings (stated only where')).toBe(true);
      const model = buildReportModel(results);
      const total = model.findings.reduce((a, m) => a + m.findings.length, 0);
      const printed = model.findings.flatMap((m) => m.findings).filter((f) => out.replace(/\s+/g, ' ').includes(f.text)).length;
      if (printed < total) expect(out).toContain(`+ ${total - printed} more finding${total - printed === 1 ? '' : 's'}: --verbose, report.html`);
      // the Δ legend, and from 80 columns every sentence and the tables' intervals (at 60 the values alone)
      expect(out).toContain('Δ: condition − baseline');
      if (width >= 80) {
        expect(printed).toBe(total);
        expect(out).toContain('-75* [-93, -28]');
      }
    });
  }

  it('with FORCE_COLOR the same lines, coloured', async () => {
    const plain = await reportAt(80, { NO_COLOR: '1', FORCE_COLOR: undefined });
    const coloured = await reportAt(80, { FORCE_COLOR: '1', NO_COLOR: undefined });
    expect(coloured).toMatch(ESC);
    // eslint-disable-next-line no-control-regex -- taking the colour codes out is the point
    expect(coloured.replace(/\x1b\[[0-9;]*m/g, '')).toBe(plain);
  });
});

/** Every interval and every value with its interval of the text stands on one line (none is split across two). */
function expectWhole(text: string): void {
  const lines = text.split('\n');
  const flat = lines.map((l) => l.trim()).join(' ');
  for (const m of flat.matchAll(/(?:[−+-]?\d[\d.]*\*?%?(?: pp)? )?\[[^\][]*\]/g)) {
    // a value and its interval may stand on two lines of a table cell, never an interval itself
    const interval = m[0].slice(m[0].indexOf('['));
    expect(lines.some((l) => l.includes(interval)), interval).toBe(true);
  }
  // in the findings' sentences a value keeps its interval ("43% [22, 66]") and n its number ("n = 8")
  const findings = lines.slice(0, lines.indexOf(''));
  for (const m of findings.map((l) => l.trim()).join(' ').matchAll(/[−+-]?\d[\d.]*%?(?: pp)? \[[^\][]*\]|n = \d+/g)) expect(findings.some((l) => l.includes(m[0])), m[0]).toBe(true);
  // a line never ends inside a number: "0." / "−" / "[14," followed by the rest
  for (const [i, l] of lines.entries()) if (i + 1 < lines.length) expect(l, l).not.toMatch(/(\d\.|[−-])$/);
}
