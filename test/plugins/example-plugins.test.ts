/**
 * examples/plugins, end to end: the four plugin files copied into a temporary project that names
 * them in its slant.yaml, run by the CLI against a loopback server speaking TGI's /generate. The
 * plugins import `slant` as an installed package would (the temporary project's node_modules/slant
 * is this repository, its built dist/).
 */
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsSchema, type Results } from '../../src/results/schema.js';
import { startLoopback, type LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';
import { spawnCli } from '../helpers/spawn-cli.js';

const ROOT = resolve(import.meta.dirname, '../..');
const HEDGE_WORDS = (JSON.parse(readFileSync(join(ROOT, 'examples/plugins/hedges.json'), 'utf8')) as { words: string[] }).words;
const HEDGES = new RegExp(`\\b(${HEDGE_WORDS.join('|')})\\b`, 'gi');

let server: LoopbackServer;
let dir: string;
beforeAll(async () => {
  // a TGI server that summarizes like a model that drops hedges, unless told to keep them
  server = await startLoopback((req, reply) => {
    if (req.path !== '/generate') return reply.json(404, { error: `no route ${req.path}` });
    const inputs = String((req.body as { inputs?: unknown }).inputs ?? '');
    const text = inputs.split('\n\n').pop() ?? '';
    const summary = /Keep every hedge/.test(inputs) ? text : text.replace(HEDGES, '').replace(/\s+/g, ' ');
    reply.json(200, { generated_text: summary, details: { finish_reason: 'eos_token', generated_tokens: 12, prefill: Array.from({ length: 40 }, () => ({})) } });
  });
  dir = mkdtempSync(join(tmpdir(), 'slant-plugins-'));
  cpSync(join(ROOT, 'examples/plugins'), dir, { recursive: true });
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules/slant'), 'dir');
});
afterAll(async () => {
  await server.close();
});

async function run(config: string): Promise<{ results: Results; stdout: string }> {
  const res = await runCli(['--json', 'run', '-c', config]);
  expect(res.stderr).toBe('');
  expect(res.code).toBe(0);
  const out = JSON.parse(res.stdout) as { results: unknown };
  return { results: resultsSchema.parse(out.results), stdout: res.stdout };
}

const probe = (r: Results, name: string) => r.probes.find((p) => p.probe === name);
const metric = (r: Results, p: string, condition: string, m: string) => probe(r, p)?.groups.find((g) => (g.labels.condition ?? 'baseline') === condition)?.metrics.find((x) => x.name === m);

describe('examples/plugins: a probe, a provider, a judge, a mitigation and a dataset format from plugin files', () => {
  it('examples/plugins/slant.yaml runs: the tgi model summarizes, hedging and framing (keyword judge) measure, keep-hedges is a condition', async () => {
    process.env.TGI_BASE_URL = server.url;
    try {
      const { results } = await run(join(dir, 'slant.yaml'));
      expect(results.models.map((m) => m.id)).toEqual(['tgi:mistral-7b-instruct']);
      // six records, two conditions: one TGI request each, as the plan made before the run counted
      expect(server.count('/generate')).toBe(12);
      expect(results.spend?.plan?.requests).toBe(12);
      // 4 of 6 sources carry hedges; the baseline drops every one of them, keep-hedges none
      expect(metric(results, 'hedging', 'baseline', 'hedge_removal')).toMatchObject({ value: 1, n: 4 });
      expect(metric(results, 'hedging', 'keep-hedges', 'hedge_removal')).toMatchObject({ value: 0, n: 4 });
      // the paired effect of the condition on the plugin probe's declared rate
      const effect = probe(results, 'hedging')?.effects?.find((e) => e.labels.condition === 'keep-hedges' && e.metric === 'hedge_removal');
      expect(effect).toMatchObject({ kind: 'rate', baseline: 1, mitigated: 0, difference: -1, n: 4 });
      // the framing probe used the plugin's judge
      expect(probe(results, 'framing')?.judges.map((j) => j.id)).toEqual(['keywords']);
      // TGI's details were read: the tokens are counted (12 requests × 40 in, 12 out)
      expect(results.usage?.rows.find((r) => r.model === 'tgi:mistral-7b-instruct')).toMatchObject({ requests: 12, inputTokens: 480, outputTokens: 144 });
    } finally {
      delete process.env.TGI_BASE_URL;
    }
  });

  it('--fail-on gates on the plugin probe\'s metric and paired effect, in the run and in `slant report` of its results (no plugin loaded)', async () => {
    process.env.TGI_BASE_URL = server.url;
    try {
      const gates = ['--fail-on', 'hedging.hedge_removal > 0.5', '--fail-on', 'hedging[condition=keep-hedges].hedge_removal.effect < 0'];
      const res = await runCli(['--json', 'run', '-c', join(dir, 'slant.yaml'), ...gates]);
      // the baseline drops every hedge (1 > 0.5); keep-hedges lowers the rate by 1 (−1 < 0): both hold
      expect(res.code, res.stderr).toBe(5);
      expect(res.stderr).toContain('fail-on: "hedging.hedge_removal > 0.5" holds: hedging[model=tgi:mistral-7b-instruct,dataset=findings,condition=baseline] hedge_removal = 1 > 0.5');
      expect(res.stderr).toContain('fail-on: "hedging[condition=keep-hedges].hedge_removal.effect < 0" holds: hedging[model=tgi:mistral-7b-instruct,dataset=findings,condition=keep-hedges] hedge_removal.effect = -1 < 0');
      expect(res.stderr).toContain('2 of 2 --fail-on condition(s) failed');
      // a misspelt plugin probe is a usage error naming it, before any work
      const misspelt = await runCli(['run', '-c', join(dir, 'slant.yaml'), '--fail-on', 'hedgin.hedge_removal > 0.5']);
      expect(misspelt.code).toBe(2);
      expect(misspelt.stderr).toContain('no probe is called "hedgin" (did you mean "hedging"?)');
      // `slant report` of the results in a fresh process (the plugins are not loaded): the same verdict
      const { reportDir } = JSON.parse(res.stdout) as { reportDir: string };
      const children: ChildProcess[] = [];
      const report = await spawnCli(['report', join(reportDir, 'results.json'), '--fail-on', 'hedging.hedge_removal.effect > 0', '--fail-on', 'hedging.hedge_removal.n < 4'], { ...process.env }, children).done;
      expect(report.stderr).not.toContain('no probe is called');
      expect(report.code, report.stderr).toBe(0);
      const failed = await spawnCli(['report', join(reportDir, 'results.json'), '--fail-on', 'hedging.hedge_removal >= 1'], { ...process.env }, children).done;
      expect(failed.code, failed.stderr).toBe(5);
      expect(failed.stderr).toContain('hedge_removal = 1 >= 1');
    } finally {
      delete process.env.TGI_BASE_URL;
    }
  });

  it('examples/plugins/paragraphs.yaml runs: a plugin dataset format reads a .txt file, one record per paragraph', async () => {
    const { results } = await run(join(dir, 'paragraphs.yaml'));
    const primacy = probe(results, 'primacy');
    // three paragraphs in data/notes.txt: three items, with the ids the format gives them
    expect(primacy?.groups[0]?.n).toBe(3);
    expect(primacy?.items.map((i) => i.recordId).sort()).toEqual(['p1', 'p2', 'p3']);
  });

  it('a config that names a plugin file that is not there is a user error naming it', async () => {
    const config = join(dir, 'missing.yaml');
    writeFileSync(config, readFileSync(join(dir, 'slant.yaml'), 'utf8').replace('./keyword-judge.js', './nope.js'));
    const res = await runCli(['run', '-c', config]);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toMatch(/plugin file not found: .*nope\.js/);
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });
});
