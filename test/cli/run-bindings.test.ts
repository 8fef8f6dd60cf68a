import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsSchema } from '../../src/results/schema.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';

let server: LoopbackServer;
beforeAll(async () => {
  server = await startOpenAIServer({
    respond: (prompt) => {
      if (prompt.includes('fact-checking AI')) return { text: 'True', inputTokens: 80, outputTokens: 1 };
      // WildFrame's sentiment question: a "but" in the sentence reads as positive, anything else negative
      if (/sentiment/i.test(prompt)) return { text: /\bbut\b/.test(prompt) ? '{"sentiment": "Positive"}' : '{"sentiment": "Negative"}', inputTokens: 40, outputTokens: 5 };
      return { text: 'The council approved the budget. Roads will be repaired.', inputTokens: 100, outputTokens: 10 };
    },
  });
  process.env.OPENAI_API_KEY = 'sk-loopback';
  process.env.OPENAI_BASE_URL = `${server.url}/v1`;
});
afterAll(async () => {
  delete process.env.OPENAI_BASE_URL;
  await server.close();
});

function writeData(dir: string): void {
  const article = 'The council approved the budget on Monday. Roads will be repaired in spring. Parks get new benches. Libraries extend their hours. The mayor thanked residents.';
  writeFileSync(join(dir, 'news.jsonl'), [{ id: 'n1', source: article }, { id: 'n2', source: `${article} Critics said the plan was late.` }].map((r) => JSON.stringify(r)).join('\n') + '\n');
  writeFileSync(join(dir, 'pairs.jsonl'), JSON.stringify({ id: 'p1', date: '2026-03-01', true_text: 'X happened.', false_text: 'X did not happen.' }) + '\n');
  const statements = [
    { id: '1', base: 'The battery dies fast.', baseSentiment: 'negative', framed: 'The battery dies fast, but it charges quickly.' },
    { id: '2', base: 'The show was dull.', baseSentiment: 'negative', framed: 'The show was dull, yet the band was great.' },
    { id: '3', base: 'I love these shoes.', baseSentiment: 'positive', framed: 'I love these shoes, but they hurt.' },
    { id: '4', base: 'The hotel was lovely.', baseSentiment: 'positive', framed: 'The hotel was lovely, sadly the food was cold.' },
  ];
  writeFileSync(join(dir, 'statements.jsonl'), statements.map((r) => JSON.stringify(r)).join('\n') + '\n');
  // framed_eval.csv layout of the release; human scores 4, 1, 2, 5 of 5 annotators following the framing
  writeFileSync(
    join(dir, 'framed_eval.csv'),
    'sentence_id,base_sentence_text,base_sentiment,opposite_framing_sentence,positive_score,negative_score\n' +
      statements.map((s, i) => `${s.id},"${s.base}",${s.baseSentiment},"${s.framed}",${[0.8, 0.2, 0.6, 0][i]},${[0.2, 0.8, 0.4, 1][i]}`).join('\n') +
      '\n',
  );
}

const common = (dir: string): string => `store: ${join(dir, 'db')}\nreports: ${join(dir, 'r')}\nmodels: [{ id: 'openai:gpt-4o-mini' }]\n`;

describe('slant run: datasets bound to probes', () => {
  it('framing, primacy, hallucination and WildFrame (with humans) share one run; each probe reads the datasets it can', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-bind-'));
    writeData(dir);
    writeFileSync(
      join(dir, 'slant.yaml'),
      common(dir) +
        'datasets:\n  - { name: news, path: news.jsonl }\n  - { name: pairs, path: pairs.jsonl }\n  - { name: wf, path: statements.jsonl, humans: framed_eval.csv }\n' +
        'probes: [{ name: framing }, { name: primacy }, { name: hallucination }, { name: wildframe }]\n',
    );
    const res = await runCli(['--json', 'run', '-c', join(dir, 'slant.yaml')]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const results = resultsSchema.parse((JSON.parse(res.stdout) as { results: unknown }).results);
    const datasetsOf = (probe: string) => results.probes.find((p) => p.probe === probe)?.groups.map((g) => g.labels.dataset);
    expect(datasetsOf('framing')).toEqual(['news']);
    expect(datasetsOf('primacy')).toEqual(['news']);
    expect(datasetsOf('hallucination')).toEqual(['pairs']);
    expect(datasetsOf('wildframe')).toEqual(['wf']);
    // never a silent skip: a note names each probe a dataset cannot feed and the missing fields
    const notes = results.warnings.map((w) => w.message);
    expect(notes).toContainEqual(expect.stringMatching(/^dataset "pairs" is read by "hallucination" only; not by "framing" \(missing field\(s\) source\), "primacy"/));
    expect(notes).toContainEqual(expect.stringMatching(/^dataset "news" is read by "framing", "primacy" only; not by "hallucination" \(missing field\(s\) date, true_text, false_text\), "wildframe" \(missing field\(s\) base, baseSentiment, framed\)/));
    expect(notes).toContainEqual(expect.stringMatching(/^dataset "wf" is read by "wildframe" only; .*checked in WildFrame input joined to its humans file/));
    expect(notes).toHaveLength(3);
    // WildFrame: the model under test answers; model scores 1,0,0,1 vs humans 4,1,2,5
    const wf = results.probes.find((p) => p.probe === 'wildframe')!.groups[0]!;
    const v = (n: string) => wf.metrics.find((m) => m.name === n)?.value;
    expect(wf.n).toBe(4);
    expect(v('shift_rate_base_negative')).toBe(0.5);
    expect(v('shift_rate_base_positive')).toBe(0.5);
    expect(v('human_shift_rate_base_negative')).toBe(0.5);
    expect(v('human_shift_rate_base_positive')).toBe(0.5);
    // Pearson r of [1,0,0,1] with [4,1,2,5]: Sxy 3 / sqrt(Sxx 1 * Syy 10) = 0.9487
    expect(v('pearson_r')).toBeCloseTo(3 / Math.sqrt(10), 4);
    const fig3 = wf.tables?.find((t) => t.name === 'shift_by_polarity');
    expect(fig3?.rows).toEqual([
      ['positive', '50.0% (1/2)', '50.0% (1/2)', 2],
      ['negative', '50.0% (1/2)', '50.0% (1/2)', 2],
      ['all', '50.0% (2/4)', '50.0% (2/4)', 4],
    ]);
    // the terminal shows Figure 3's table too (a second run: every answer from the request cache)
    const again = await runCli(['--verbose', 'run', '-c', join(dir, 'slant.yaml')]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/Figure 3: sentiment shift by base polarity, model beside humans/);
  });

  it('honours datasets[].probes and rejects an explicit binding the dataset cannot feed, or a probe with no dataset', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-bind-err-'));
    writeData(dir);
    writeFileSync(join(dir, 'only.yaml'), common(dir) + 'datasets:\n  - { name: news, path: news.jsonl, probes: [primacy] }\nprobes: [{ name: framing, datasets: [news] }, { name: primacy }]\n');
    const conflicting = await runCli(['run', '-c', join(dir, 'only.yaml')]);
    expect(conflicting.code).toBe(2);
    expect(conflicting.stderr).toMatch(/probe "framing" has no dataset it can read: "news" is not bound to it/);

    writeFileSync(join(dir, 'bad.yaml'), common(dir) + 'datasets:\n  - { name: news, path: news.jsonl, probes: [hallucination] }\nprobes: [{ name: hallucination }]\n');
    const bad = await runCli(['run', '-c', join(dir, 'bad.yaml')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/"news" cannot feed probe "hallucination": missing field\(s\) date, true_text, false_text/);
    expect(bad.stderr).not.toMatch(/at .*\.ts:\d+/);

    writeFileSync(join(dir, 'none.yaml'), common(dir) + 'datasets:\n  - { name: news, path: news.jsonl }\nprobes: [{ name: primacy }, { name: hallucination }]\n');
    const none = await runCli(['run', '-c', join(dir, 'none.yaml')]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/probe "hallucination" has no dataset it can read: "news": missing field\(s\) date, true_text, false_text/);

    writeFileSync(join(dir, 'ok.yaml'), common(dir) + 'datasets:\n  - { name: news, path: news.jsonl, probes: [primacy] }\nprobes: [{ name: framing }, { name: primacy }]\n'.replace('[{ name: framing }, ', '['));
    const ok = await runCli(['--json', 'run', '-c', join(dir, 'ok.yaml')]);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
  });
});
