import { buildReportModel } from '../../src/report/model.js';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsSchema } from '../../src/results/schema.js';
import { Store } from '../../src/runtime/store.js';
import { startViewer } from '../../src/viewer/server.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';

const tag = (answer: string): string => `<explanation>r</explanation>\n<final_answer>${answer}</final_answer>`;

let server: LoopbackServer;
beforeAll(async () => {
  server = await startOpenAIServer({
    respond: (_prompt, body) => {
      // the judge is position-biased (always "Clearly A": every item inconsistent); moderators see no difference
      if (body.model === 'judge') return { text: tag('Clearly A') };
      // a moderator that resolves the coffee claim as a tie and is itself position-biased on the exercise claim
      if (body.model === 'mod-split') return { text: tag(_prompt.includes('Exercise') ? 'Clearly A' : 'No clear difference') };
      if (String(body.model).startsWith('mod')) return { text: tag('No clear difference') };
      // the telephone model drops one hedge per rewrite (the paraphrase task sends the text itself)
      if (body.model === 'tel') return { text: _prompt.replace(/\b(may|might|possibly|perhaps) /, '') };
      return { text: 'Coffee lowers the risk of stroke.' };
    },
  });
  process.env.OPENAI_API_KEY = 'sk-loopback';
  process.env.OPENAI_BASE_URL = `${server.url}/v1`;
});
afterAll(async () => {
  delete process.env.OPENAI_BASE_URL;
  await server.close();
});

function setup(options: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'slant-cert-run-'));
  writeFileSync(join(dir, 'claims.jsonl'), ['Coffee may be associated with a lower risk of stroke.', 'Exercise might improve sleep in some adults.'].map((t, i) => JSON.stringify({ id: `c${i}`, original: t })).join('\n') + '\n');
  writeFileSync(
    join(dir, 'slant.yaml'),
    `store: ${join(dir, 'db')}\nreports: ${join(dir, 'r')}\nmodels: [{ id: 'openai:gen' }]\njudges: { llm: 'openai:judge' }\ndatasets: [{ name: claims, path: claims.jsonl }]\nprobes: [{ name: certainty, options: { comparator: llm, decoding: greedy${options} } }]\n`,
  );
  return dir;
}

const modelsAsked = (from: number): string[] => server.requests.slice(from).map((r) => String((r.body as { model?: unknown }).model));

describe('slant run: the certainty moderator (App. D.1)', () => {
  it('is set in slant.yaml (probe option) and relabels order-inconsistent items', async () => {
    const dir = setup(', moderator: openai:mod-a');
    const before = server.requests.length;
    const res = await runCli(['--json', 'run', '-c', join(dir, 'slant.yaml')]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const g = resultsSchema.parse((JSON.parse(res.stdout) as { results: unknown }).results).probes[0]!.groups[0]!;
    // without the moderator both items would be inconsistent; with it both are "no clear difference"
    expect(g.metrics.find((m) => m.name === 'inconsistent_rate')?.value).toBe(0);
    expect(g.metrics.find((m) => m.name === 'cd')?.value).toBe(0);
    expect(modelsAsked(before).filter((m) => m === 'mod-a')).toHaveLength(4);
  });

  it('is set on the command line with --moderator (overriding the config)', async () => {
    const dir = setup(', moderator: openai:mod-a');
    const before = server.requests.length;
    const res = await runCli(['--json', 'run', '-c', join(dir, 'slant.yaml'), '--moderator', 'openai:mod-b']);
    expect(res.code).toBe(0);
    expect(modelsAsked(before)).toContain('mod-b');
    expect(modelsAsked(before)).not.toContain('mod-a');
    const none = setup('');
    const bad = await runCli(['run', '-c', join(none, 'slant.yaml'), '--moderator', 'gpt-4o']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/moderator.*expected "<provider>:<model>"/);
  });
});

describe('App. D.1 before and after the moderator; an undefined R on every screen', () => {
  it('reports inconsistency before and after the moderator and how the reviewed items came out; R with no shifts is "— (n = 0)" everywhere', async () => {
    const dir = setup(', moderator: openai:mod-split');
    // the moderator table is one of the verbose view's tables
    const res = await runCli(['--verbose', 'run', '-c', join(dir, 'slant.yaml')]);
    expect(res.code, res.stderr).toBe(0);
    // the terminal: the moderator table (both items inconsistent before; one tie, one unresolved after)
    const term = res.stdout;
    const block = term.slice(term.indexOf('Moderator: inconsistency across orders before and after'));
    expect(block.split('\n').slice(0, 12).join('\n')).toMatch(/100\.0%[\s\S]*50\.0%/);
    const reportDir = join(dir, 'r', readdirSync(join(dir, 'r'))[0]!);
    const results = resultsSchema.parse(JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')));
    const metric = (name: string) => results.probes[0]!.groups[0]!.metrics.find((m) => m.name === name);
    expect(metric('inconsistent_before_moderator')).toMatchObject({ value: 1, n: 2, kind: 'rate' });
    expect(metric('inconsistent_after_moderator')).toMatchObject({ value: 0.5, n: 2 });
    expect(metric('moderator_reviewed')).toMatchObject({ value: 2 });
    expect(metric('moderator_tie')).toMatchObject({ value: 0.5, n: 2 });
    expect(metric('moderator_unresolved')).toMatchObject({ value: 0.5, n: 2 });
    expect(metric('moderator_up')).toMatchObject({ value: 0, n: 2 });
    expect(metric('moderator_down')).toMatchObject({ value: 0, n: 2 });
    // R over no shifts: null in results.json, "— (n = 0)" on the terminal, in report.html, the viewer and the exports
    expect(metric('ratio')).toMatchObject({ value: null, n: 0 });
    const html = readFileSync(join(reportDir, 'report.html'), 'utf8');
    const md = join(dir, 'md');
    const exported = await runCli(['report', results.run.id, '--store', join(dir, 'db'), '--format', 'md', '-o', md]);
    expect(exported.code, exported.stderr).toBe(0);
    const table1 = readFileSync(join(md, readdirSync(md).find((f) => f.endsWith('table1.md'))!), 'utf8');
    const store = Store.open(join(dir, 'db'));
    const viewer = await startViewer({ store, reportsDir: join(dir, 'r') });
    try {
      const id = encodeURIComponent(results.run.id);
      const page = await (await fetch(`${viewer.url}runs/${id}`)).text();
      const comparePage = await (await fetch(`${viewer.url}compare?a=${id}&b=${id}`)).text();
      const ratioRow = comparePage.slice(comparePage.indexOf('<tr data-metric="ratio">'), comparePage.indexOf('</tr>', comparePage.indexOf('<tr data-metric="ratio">')));
      const compare = (await runCli(['compare', results.run.id, results.run.id, '--store', join(dir, 'db')])).stdout;
      const compareLine = compare.split('\n').find((l) => l.includes(' ratio '))!;
      for (const [screen, text] of [['terminal', term], ['report.html', html], ['viewer', page], ['markdown', table1], ['viewer compare', ratioRow], ['slant compare', compareLine]] as const) {
        expect(text, screen).toContain('— (n = 0)');
        expect(text, screen).not.toMatch(/\bNaN\b|Infinity/);
      }
    } finally {
      await viewer.close();
      store.close();
    }
  });
});

describe('slant run: source-certainty ranking (App. D.2) from the config', () => {
  it('ranks the sources first, gives CD by 25/50/25 stratum and the ranking table with intervals', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-cert-rank-'));
    const claims = [
      'Drinking coffee causes a lower risk of stroke.',
      'Daily exercise clearly improves sleep quality in adults.',
      'A high-fibre diet reduces blood pressure.',
      'Screen time is linked to poorer sleep in teenagers.',
      'Green tea may be associated with lower cholesterol.',
      'Mindfulness training might possibly reduce stress in some workers.',
      'It is unclear whether vitamin D could perhaps prevent colds.',
      'We speculate that chewing gum might perhaps slightly improve memory in some people.',
    ];
    writeFileSync(join(dir, 'claims.jsonl'), claims.map((t, i) => JSON.stringify({ id: `c${i}`, original: t })).join('\n') + '\n');
    writeFileSync(
      join(dir, 'slant.yaml'),
      `store: ${join(dir, 'db')}\nreports: ${join(dir, 'r')}\nmodels: [{ id: 'openai:gen' }]\ndatasets: [{ name: claims, path: claims.jsonl }]\n` +
        'probes: [{ name: certainty, options: { comparator: offline, decoding: greedy, ranking: { k1: 4, k2: 2, votes: 1, resamples: 30, prior: 1 } } }]\n',
    );
    const res = await runCli(['--json', 'run', '-c', join(dir, 'slant.yaml')]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const results = resultsSchema.parse((JSON.parse(res.stdout) as { results: unknown }).results);
    const g = results.probes[0]!.groups[0]!;
    const table = g.tables?.find((t) => t.name === 'source_ranking');
    expect(table?.rows).toHaveLength(8);
    // 25/50/25 of 8 sources: 2 high, 4 medium, 2 low, most certain first
    const col = (name: string) => table!.columns.indexOf(name);
    expect(table?.rows.map((r) => r[col('stratum')])).toEqual(['high', 'high', 'medium', 'medium', 'medium', 'medium', 'low', 'low']);
    expect(table?.rows.map((r) => r[0])).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // every row has a λ interval (a percentile bootstrap: it need not contain λ), one component, its n of judgements
    for (const r of table?.rows ?? []) {
      expect(r[col('λ 95% low')] as number).toBeGreaterThan(0);
      expect(r[col('λ 95% high')] as number).toBeGreaterThanOrEqual(r[col('λ 95% low')] as number);
      expect(r[col('component')]).toBe(1);
      expect(r[col('judgements')] as number).toBeGreaterThan(0);
    }
    expect(g.extra?.source_ranking).toMatchObject({ items: 8, components: 1, converged: true });
    expect(g.extra?.source_ranking_warning).toBeUndefined();
    // the report model shows it: the ranking table (log λ with interval and n) and the chart
    const view = buildReportModel(results).probes[0]!;
    const ranking = view.groups[0]!.presentation.tables.find((t) => t.id === 'ranking');
    expect(ranking?.rows).toHaveLength(8);
    const chart = view.figures.find((f) => f.id === 'bt-ranking');
    expect(chart?.kind === 'intervals' && chart.points.length).toBe(8);
    // CD, CD↑, CD↓ by stratum
    for (const s of ['low', 'medium', 'high']) expect(g.metrics.some((m) => m.name === `cd@${s}`)).toBe(true);
    expect(g.metrics.find((m) => m.name === 'n_items')?.value).toBe(8);
  });
});

describe('slant run: the broken telephone (Figure 4) as a condition of a stored run', () => {
  it('rewrites T turns, judges each against the original and reports CD by turn', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-cert-tel-'));
    writeFileSync(
      join(dir, 'claims.jsonl'),
      ['Coffee may possibly perhaps lower stroke risk.', 'Tea might perhaps help sleep.'].map((t, i) => JSON.stringify({ id: `t${i}`, original: t })).join('\n') + '\n',
    );
    writeFileSync(
      join(dir, 'slant.yaml'),
      `store: ${join(dir, 'db')}\nreports: ${join(dir, 'r')}\nmodels: [{ id: 'openai:tel' }]\ndatasets: [{ name: claims, path: claims.jsonl }]\n` +
        'probes: [{ name: certainty, options: { comparator: offline, offlineTieBand: 0 } }]\nmitigations: [{ id: broken-telephone, options: { turns: 3 } }]\n',
    );
    const before = server.requests.length;
    const res = await runCli(['--json', 'run', '-c', join(dir, 'slant.yaml')]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const groups = resultsSchema.parse((JSON.parse(res.stdout) as { results: unknown }).results).probes[0]!.groups;
    const tel = groups.find((g) => g.labels.condition?.startsWith('broken-telephone'))!;
    const table = tel.tables?.find((t) => t.name === 'telephone');
    expect(table?.rows.map((r) => [r[0], r[1]])).toEqual([
      [1, 2],
      [2, 2],
      [3, 2],
    ]);
    // telephone turn 1 is the baseline's own request (sent once, shared through the request cache);
    // turn 2 rewrites turn 1's output, turn 3 turn 2's
    const asked = server.requests.slice(before).map((r) => JSON.stringify(r.body));
    expect(asked.filter((b) => b.includes('Coffee may possibly perhaps'))).toHaveLength(1);
    expect(asked.some((b) => b.includes('Coffee possibly perhaps lower'))).toBe(true);
    expect(asked.some((b) => b.includes('Coffee perhaps lower'))).toBe(true);
    // hedges dropped turn by turn: CD↑ (vs the original) never falls, and by turn 3 every item is inflated
    const up = (table?.rows ?? []).map((r) => parseFloat(String(r[3])));
    expect(up[0]!).toBeLessThanOrEqual(up[1]!);
    expect(up[1]!).toBeLessThanOrEqual(up[2]!);
    expect(table?.rows[2]?.[3]).toBe('100.0%');
    // a second invocation is served from the store's cache: no new model requests
    const n = server.requests.length;
    const again = await runCli(['--json', 'run', '-c', join(dir, 'slant.yaml')]);
    expect(again.code).toBe(0);
    expect(server.requests.length).toBe(n);
  });
});
