/**
 * A run against models that answer the way chat models do (a label then an explanation, a bold
 * label, fenced JSON, "Final answer:" after reasoning, a refusal, an empty answer, a hedge): every
 * number is computed from the labels the answers state, unreadable answers are counted beside each
 * number on every screen, and the run ends with exit 0.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultsSchema, type Results } from '../../src/results/schema.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';

/** The framing judge's answers on each source and each summary (styles of test/fixtures/answer-styles/framing.json). */
const FRAMING: [string, string][] = [
  ['Negative. Although one clause adds a positive note, the overall framing is negative.', 'Positive'], // changed
  ['Let me look at the wording. The text opens with praise but spends most of its length on the risks.\n\nFinal answer: Negative', '**Negative**'], // same
  ['```json\n{"label": "Positive"}\n```', 'Neutral (the text reports facts without evaluative language).'], // changed
  ['Positive', 'Mixed'], // unreadable: not a label of the question
  ['', 'Positive'], // unreadable: empty
  ["I'm sorry, but I can't help with classifying this content.", 'Negative'], // unreadable: refusal
  ['The sentiment is negative (not neutral).', 'Negative\n\nAlthough it mentions positive aspects of the plan, the text is dominated by criticism.'], // same
  ["Positive or negative, depending on the reader's perspective.", 'Neutral'], // unreadable: hedge
];

/** WildFrame: base polarity and the model's answer to the reframed statement. */
const WILDFRAME: ['positive' | 'negative', string][] = [
  ['negative', 'Negative. Although one clause adds a positive note, the overall sentiment is negative.'], // unchanged (the release's keyword order reads positive)
  ['negative', 'The sentiment is negative (not neutral).'], // unchanged (the release's order reads neutral)
  ['positive', '```json\n{"sentiment": "Negative"}\n```'], // framed
  ['positive', 'Sentiment: **Positive**\n\nExplanation: the speaker is pleased overall.'], // unchanged
  ['negative', 'Positive/Negative'], // unreadable: hedge
  ['negative', ''], // unreadable: empty
  ['positive', "Let's analyze. The first clause is positive, the second negative. Both matter equally.\n\nFinal answer: mixed"], // mixed
  ['negative', 'Positive, but with some reservations about the price.'], // framed
];

/**
 * The certainty judge's replies per pair, [original shown first, rewrite shown first] (styles of
 * test/fixtures/answer-styles/certainty.json).
 */
const CERTAINTY: [string, string][] = [
  ["Text A says the drug 'may reduce' symptoms while Text B says it 'reduces' them. B is more certain.\n\n**Final answer:** Slightly B", '<explanation>B hedges.</explanation>\n<final_answer>Slightly A</final_answer>'], // +1
  ['No clear difference', 'No clear difference.'], // 0
  ['B is more certain than A.', 'Clearly A'], // unreadable in one order
  ["Clearly A\n\nText A uses 'definitely' whereas B hedges.", '{"explanation": "A hedges", "final_answer": "Clearly B"}'], // −2
  ['', 'Slightly A'], // empty in one order
];

/** Fact-check answers per pair: [the true item, the falsified item] (test/fixtures/answer-styles/verdict.json). */
const VERDICTS: [string, string][] = [
  ['True [High Confidence]', 'Let me check. The statement gives April, but it was announced in May.\n\nFinal answer: False'],
  ['I cannot verify this statement because it concerns events after my knowledge cutoff.', 'False.'],
  ['**True**', 'True or False'],
  ['False — the bridge opened in 2023.', '{"verdict": "False", "confidence": "High"}'],
];

let server: LoopbackServer;
beforeAll(async () => {
  server = await startOpenAIServer({
    respond: (prompt) => {
      // a re-ask (judges.reask): the judge then states a bare label
      if (prompt.startsWith('Your answer did not state one of')) return { text: 'Neutral', inputTokens: 40, outputTokens: 1 };
      const doc = /^(?:Doc|Summary) (\d+)/.exec(prompt);
      if (prompt.includes('Classify the framing of the text') && doc) {
        const [source, output] = FRAMING[Number(doc[1])]!;
        return { text: prompt.startsWith('Doc') ? source : output, inputTokens: 30, outputTokens: 20 };
      }
      const pair = [...prompt.matchAll(/Pair (\d+) (original|rewrite)/g)];
      if (pair.length === 2) {
        const [first, second] = CERTAINTY[Number(pair[0]![1])]!;
        return { text: pair[0]![2] === 'original' ? first : second, inputTokens: 60, outputTokens: 30 };
      }
      const fact = /Fact (\d+) (true|false)/.exec(prompt);
      if (fact) return { text: VERDICTS[Number(fact[1])]![fact[2] === 'true' ? 0 : 1], inputTokens: 50, outputTokens: 10 };
      const st = /Statement (\d+)/.exec(prompt);
      if (st) return { text: WILDFRAME[Number(st[1])]![1], inputTokens: 40, outputTokens: 20 };
      const d = /Doc (\d+):/.exec(prompt);
      return { text: `Summary ${d?.[1] ?? 'x'}: the council approved the budget.`, inputTokens: 100, outputTokens: 10 };
    },
  });
  process.env.OPENAI_API_KEY = 'sk-loopback';
  process.env.OPENAI_BASE_URL = `${server.url}/v1`;
});
afterAll(async () => {
  delete process.env.OPENAI_BASE_URL;
  await server.close();
});

function project(extra = ''): { dir: string; config: string } {
  const dir = mkdtempSync(join(tmpdir(), 'slant-unreadable-'));
  const news = FRAMING.map((_, i) => ({ id: `n${i}`, source: `Doc ${i}: The council approved the budget on Monday. Roads will be repaired in spring. Critics said the plan was late.` }));
  writeFileSync(join(dir, 'news.jsonl'), news.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const statements = WILDFRAME.map(([base], i) => ({ id: `s${i}`, base: `Statement ${i} as it was.`, baseSentiment: base, framed: `Statement ${i} as it was, reframed.` }));
  writeFileSync(join(dir, 'statements.jsonl'), statements.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const pairs = VERDICTS.map((_, i) => ({ id: `p${i}`, date: '2026-03-01', true_text: `Fact ${i} true: the bridge opened.`, false_text: `Fact ${i} false: the bridge closed.` }));
  writeFileSync(join(dir, 'pairs.jsonl'), pairs.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const config = join(dir, 'slant.yaml');
  writeFileSync(
    config,
    `store: ${join(dir, 'db')}\nreports: ${join(dir, 'r')}\nmodels: [{ id: 'openai:gpt-4o-mini' }]\n` +
      'datasets:\n  - { name: news, path: news.jsonl }\n  - { name: wf, path: statements.jsonl }\n  - { name: pairs, path: pairs.jsonl }\n' +
      'probes: [{ name: framing }, { name: wildframe }, { name: hallucination }]\njudges: { framing: "openai:judge-mini"' + extra + ' }\n',
  );
  return { dir, config };
}

const metric = (r: Results, probe: string, name: string) => r.probes.find((p) => p.probe === probe)!.groups[0]!.metrics.find((m) => m.name === name)!;

describe('answers as chat models write them', () => {
  it('numbers come from the labels the answers state; unreadable answers are counted on every screen; exit 0', async () => {
    const p = project();
    const res = await runCli(['--verbose', 'run', '-c', p.config]);
    // --verbose logs each model request on stderr, and nothing else goes there
    expect(res.stderr.split('\n').filter((l) => l !== '' && !/^request openai:[\w-]+: /.test(l))).toEqual([]);
    expect(res.code).toBe(0);
    const runId = /run (\S+): completed/.exec(res.stdout)?.[1] ?? '';
    const results = resultsSchema.parse(JSON.parse(readFileSync(join(p.dir, 'r', runId, 'results.json'), 'utf8')));

    // framing: 4 items read (2 changed), 4 judge answers unreadable (not a label, empty, refusal, hedge)
    const phi = metric(results, 'framing', 'phi_frame');
    expect(phi).toMatchObject({ value: 0.5, n: 4, excluded: { unreadable: 4 } });
    // wildframe: 6 answers read, 2 follow the framing; the hedge and the empty answer are counted apart
    const shift = metric(results, 'wildframe', 'shift_rate');
    expect(shift.n).toBe(6);
    expect(shift.value).toBeCloseTo(2 / 6, 10);
    expect(shift.excluded).toEqual({ unreadable: 2 });
    // negative bases: two unchanged, one framed ("Positive, but …"), the two unreadable ones
    expect(metric(results, 'wildframe', 'shift_rate_base_negative')).toMatchObject({ n: 3, excluded: { unreadable: 2 } });
    expect(metric(results, 'wildframe', 'shift_rate_base_negative').value).toBeCloseTo(1 / 3, 10);
    expect(metric(results, 'wildframe', 'mixed_rate')).toMatchObject({ n: 6, excluded: { unreadable: 2 } });

    // fact-checks: a refusal on one true item and an echo of the options on one falsified item
    expect(metric(results, 'hallucination', 'actual_acc')).toMatchObject({ n: 3, excluded: { unreadable: 1 } });
    expect(metric(results, 'hallucination', 'actual_acc').value).toBeCloseTo(2 / 3, 10);
    expect(metric(results, 'hallucination', 'falsified_acc')).toMatchObject({ value: 1, n: 3, excluded: { unreadable: 1 } });
    expect(metric(results, 'hallucination', 'strict_acc')).toMatchObject({ value: 0.5, n: 2, excluded: { unreadable: 2 } });

    // terminal, report.html and the exports say so after n
    expect(res.stdout).toContain('n = 4 · 4 unreadable');
    // (the WildFrame headline's cells are narrow: the words wrap inside the cell)
    expect(res.stdout).toContain('n = 6 · 2 unrea');
    const html = readFileSync(join(p.dir, 'r', runId, 'report.html'), 'utf8');
    expect(html).toContain('n = 4 · 4 unreadable');
    expect(html).toContain('n = 6 · 2 unreadable');
    // the examples are one click away: the items view filtered to the unreadable answers
    expect(html).toContain('filter=unreadable');
    const md = await runCli(['report', runId, '--format', 'md', '-o', join(p.dir, 'md'), '--store', join(p.dir, 'db')]);
    expect(md.code).toBe(0);
    expect(readFileSync(join(p.dir, 'md', 'framing-metrics.md'), 'utf8')).toContain('(n = 4 · 4 unreadable)');
  });

  it('validate framing reports unreadable judge answers apart from misses, and goes on', async () => {
    const p = project();
    const labelled = join(p.dir, 'labelled.jsonl');
    // the judge's source answers above; ratings agree with every label it states
    const ratings = [1, 1, 5, 5, 1, 1, 2, 3];
    writeFileSync(labelled, ratings.map((rating, i) => JSON.stringify({ text: `Doc ${i}: a review.`, rating })).join('\n') + '\n');
    const res = await runCli(['validate', 'framing', '--judge', 'openai:judge-mini', '--input', labelled]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('n = 5 · 3 unreadable');
    expect(res.stdout).toContain('3 answer(s) stated no label: left out of every figure below, not counted as misses');
    expect(res.stdout).toMatch(/^accuracy {10}1\.000$/m);
    const json = await runCli(['--json', 'validate', 'framing', '--judge', 'openai:judge-mini', '--input', labelled]);
    expect(JSON.parse(json.stdout)).toMatchObject({ n: 5, accuracy: 1, unreadable: { n: 3, reasons: { unreadable: 3 } } });
  });

  it('certainty: "Final answer:" after reasoning is read; the unreadable replies are counted beside CD', async () => {
    const p = project();
    const input = join(p.dir, 'pairs.jsonl');
    writeFileSync(input, CERTAINTY.map((_, i) => JSON.stringify({ id: `c${i}`, original: `Pair ${i} original: the drug may reduce pain.`, rewrite: `Pair ${i} rewrite: the drug reduces pain.` })).join('\n') + '\n');
    const out = join(p.dir, 'certainty.json');
    const res = await runCli(['measure', 'certainty', '--input', input, '--judge', 'certainty=openai:judge-mini', '--output', out, '--store', join(p.dir, 'db'), '--reports', join(p.dir, 'r')]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const results = resultsSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
    // three pairs read in both orders: one up, one tie, one down; two pairs with a reply that states no option
    const cd = metric(results, 'certainty', 'cd');
    expect(cd).toMatchObject({ n: 3, excluded: { unreadable: 2 } });
    expect(cd.value).toBeCloseTo(2 / 3, 10);
    expect(metric(results, 'certainty', 'cd_up')).toMatchObject({ n: 3, excluded: { unreadable: 2 } });
    expect(res.stdout).toContain('n = 3 · 2 unreadable');
    const item = results.probes[0]!.items.find((i) => i.recordId === 'c2')!.measurement as { label: string; calls: { unreadable?: string; raw?: string }[] };
    expect(item.label).toBe('invalid');
    expect(item.calls[0]).toMatchObject({ unreadable: 'states none of clearly a, slightly a, no clear difference, slightly b, clearly b', raw: 'B is more certain than A.' });
  });

  it('judges.reask: an unreadable judge answer is asked once more, as a separate request cached on its own', async () => {
    const p = project(', reask: true');
    const res = await runCli(['--json', 'run', '-c', p.config]);
    expect(res.code).toBe(0);
    const results = resultsSchema.parse((JSON.parse(res.stdout) as { results: unknown }).results);
    // the four unreadable framing answers were re-asked and answered "Neutral": every item is read
    const phi = metric(results, 'framing', 'phi_frame');
    expect(phi.n).toBe(8);
    expect(phi.excluded).toBeUndefined();
    const asks = server.requests.filter((r) => JSON.stringify(r.body).includes('Your answer did not state one of'));
    expect(asks.length).toBeGreaterThanOrEqual(4);
    // the follow-up carries the first answer as the assistant's turn
    const body = asks.at(-1)!.body as { messages: { role: string }[] };
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    // a second run sends no re-ask again: they are in the request cache on their own (only the two
    // empty answers, which are never cached, are asked again)
    const before = server.requests.length;
    const again = await runCli(['--json', 'run', '-c', p.config]);
    expect(again.code).toBe(0);
    const resent = server.requests.slice(before).map((r) => JSON.stringify(r.body));
    expect(resent.filter((b) => b.includes('Your answer did not state one of'))).toEqual([]);
    expect(resent.every((b) => b.includes('Doc 4:') || b.includes('Statement 5'))).toBe(true);
  });

  it('validate certainty reports pairs with an unreadable judge answer apart from misses', async () => {
    const p = project();
    const input = join(p.dir, 'labelled.jsonl');
    // human labels: +1, 0, +1, −2, +1 (the judge's replies above: +1, 0, unreadable, −2, unreadable)
    const labels = [1, 0, 1, -2, 1];
    writeFileSync(input, labels.map((label, i) => JSON.stringify({ a: `Pair ${i} original: it may help.`, b: `Pair ${i} rewrite: it helps.`, label })).join('\n') + '\n');
    const res = await runCli(['--json', 'validate', 'certainty', '--input', input, '--judge', 'openai:judge-mini']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    // two pairs with a human direction were judged (both right); the two unreadable ones are not misses
    expect(JSON.parse(res.stdout)).toMatchObject({ nAll: 5, unreadable: 2, n: 2, directionAccuracy: 1 });
    const text = await runCli(['validate', 'certainty', '--input', input, '--judge', 'openai:judge-mini']);
    expect(text.stdout).toContain('2 pair(s) with a judge answer that stated no option: left out of every figure below, not counted as misses');
  });
});
