import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../src/runtime/store.js';
import { getAnswers, getAssignments, getItems, getStudy, putAnswer } from '../../src/annotate/study-store.js';
import { canonicalAnswer } from '../../src/annotate/scale.js';
import { runCli } from '../helpers/run-cli.js';
import { parseJudgeCard } from '../../src/judges/card.js';
import { resultsSchema } from '../../src/results/schema.js';
import { startAnnotateServer } from '../../src/annotate/server.js';
import { startOllamaServer } from '../helpers/loopback/ollama-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { form, formFields, http } from '../annotate/http-client.js';

let dir: string;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'slant-annotate-cli-'));
});
const db = () => join(dir, 'slant.db');

const PAIRS = [
  ['Coffee may reduce stroke risk.', 'Coffee reduces stroke risk.', '2', 2],
  ['The drug cures it.', 'The drug might help.', '-2', -2],
  ['Results suggest a link.', 'Results suggest a connection.', '0', 0],
  ['Exercise possibly helps memory.', 'Exercise helps memory.', '1', 1],
  ['Walnuts lower cholesterol.', 'Walnuts could lower cholesterol.', '-1', -1],
  ['Sleep may matter.', 'Sleep matters a lot.', 'inconsistent', 2],
] as const;

/** Every annotator answers every assigned item with `truth` (canonical), turned into the A/B value they would click. */
async function answerAll(truth: (item: string, annotator: string) => number | string): Promise<void> {
  const store = Store.open(db());
  try {
    const study = (await getStudy(store));
    const items = new Map((await getItems(store, study.id)).map((i) => [i.id, i]));
    for (const a of (await getAssignments(store, study.id))) {
      const item = items.get(a.item)!;
      let value: string;
      if (item.role === 'attention') value = item.expected![0]!;
      else {
        const t = truth(a.item, a.annotator);
        value = typeof t === 'string' ? t : canonicalAnswer('certainty', String(t), a.presentation);
      }
      await putAnswer(store, study.id, { annotator: a.annotator, item: a.item, value, msOnItem: 6000, msHidden: 0, blurs: 0 });
    }
  } finally {
    store.close();
  }
}

describe('slant annotate', () => {
  it('create from a file → answers → export CSV read by `certainty humans`, stats with an accuracy card', async () => {
    const file = join(dir, 'pairs.csv');
    writeFileSync(file, `id,original,rewrite,gpt\n${PAIRS.map((p, i) => `q${i},"${p[0]}","${p[1]}",${p[2]}`).join('\n')}\n`);
    const created = await runCli(['--json', 'annotate', 'create', '--kind', 'certainty', '--input', file, '--judge-columns', 'gpt', '--annotators', '4', '--k', '3', '--store', db(), '--id', 'st1']);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const info = JSON.parse(created.stdout) as { study: string; items: number; annotators: { annotator: string; token: string }[] };
    expect(info).toMatchObject({ study: 'st1', items: 6 });
    expect(info.annotators).toHaveLength(4);
    // the store keeps hashes, never the tokens
    const raw = readFileSync(db()).toString('latin1');
    for (const a of info.annotators) expect(raw).not.toContain(a.token);

    const truth = new Map(PAIRS.map((p, i) => [`q${i}`, p[3] as number]));
    await answerAll((item, who) => (who === 'a04' && item === 'q0' ? 1 : truth.get(item)!));
    const store = Store.open(db());
    expect((await getAnswers(store, 'st1'))).toHaveLength(6 * 3 + 4);
    store.close();

    const status = await runCli(['--json', 'annotate', 'status', '--store', db()]);
    expect(status.code).toBe(0);
    const st = JSON.parse(status.stdout) as { study: string; progress: { annotator: string; done: number; total: number }[] };
    expect(st.study).toBe('st1');
    expect(st.progress.map((p) => p.done)).toEqual(st.progress.map((p) => p.total));
    expect(st.progress.reduce((a, p) => a + p.total, 0)).toBe(6 * 3 + 4);

    const csv = join(dir, 'humans.csv');
    const exp = await runCli(['annotate', 'export', '-o', csv, '--store', db()]);
    expect(exp.stderr).toBe('');
    expect(exp.code).toBe(0);
    expect(exp.stdout).toContain(`next: slant certainty humans ${csv} --judge-annotators "gpt"`);
    expect((await runCli(['annotate', 'export', '-o', join(dir, 'all.jsonl'), '--store', db()])).code).toBe(0);
    const lines = readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('item,annotator,label');
    // 18 human rows + 5 judge rows (the inconsistent judge answer is left out)
    expect(lines).toHaveLength(1 + 18 + 5);
    expect(lines).toContain('q1,gpt,-2');
    const jsonl = readFileSync(join(dir, 'all.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { presentation: string | null; role: string });
    expect(jsonl).toHaveLength(22);
    expect(jsonl.filter((r) => r.role === 'attention')).toHaveLength(4);

    const humans = await runCli(['--json', 'certainty', 'humans', csv, '--judge-annotators', 'gpt']);
    expect(humans.code).toBe(0);
    const hv = JSON.parse(humans.stdout) as { annotators: unknown[]; judges: { judge: string; tauB: number }[]; items: number };
    expect(hv.items).toBe(6);
    expect(hv.annotators).toHaveLength(4);
    expect(hv.judges[0]!.judge).toBe('gpt');

    const card = join(dir, 'card.json');
    const stats = await runCli(['annotate', 'stats', '--card', card, '--resamples', '200', '--store', db()]);
    expect(stats.code).toBe(0);
    expect(stats.stdout).toContain('excluded: none');
    expect(stats.stdout).toMatch(/gpt \(judge\)/);
    expect(stats.stdout).toContain('random baseline');
    // the project's judge card; "gpt" names no judge slant knows, so its version is unknown
    const c = parseJudgeCard(JSON.parse(readFileSync(card, 'utf8')), card);
    // directions of the mean human answer + − 0 + − (q5: the judge was inconsistent) vs the judge's + − 0 + −
    expect(c).toMatchObject({ task: 'certainty', judge: 'gpt', version: 'unknown', labels: ['−', '0', '+'], n: 5, accuracy: 1, balancedAccuracy: 1 });
    expect(c.confusion).toEqual([[2, 0, 0], [0, 1, 0], [0, 0, 2]]);
    expect(c.figures).toMatchObject({ noAnswer: 1, items: 6, annotators: 4, k: 3 });
    expect(typeof c.figures!.tauB).toBe('number');
    expect(stats.stdout).toContain('version unknown for gpt');

    // such a card cannot be saved for runs; naming the judge can
    const refused = await runCli(['annotate', 'stats', '--save-card', '--resamples', '50', '--store', db()]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('cannot tell which judge "gpt" is');
    const saved = await runCli(['annotate', 'stats', '--save-card', '--judge', 'gpt=offline', '--resamples', '50', '--store', db()]);
    expect(saved.stderr).toBe('');
    expect(saved.code).toBe(0);
    expect(saved.stdout).toMatch(/card: certainty-offline@.* tie [\d.]+ clear [\d.]+: balanced accuracy 1\.00 on human consensus direction of annotation study st1 \(n = 5; .* — saved to/);
    // a later measure with the offline comparator (default bands) shows the study's card and corrects CD with it
    const cert = join(dir, 'cert.jsonl');
    writeFileSync(cert, PAIRS.slice(0, 4).map((p, i) => JSON.stringify({ id: `m${i}`, original: p[0], rewrite: p[1] })).join('\n') + '\n');
    const out = join(dir, 'results.json');
    const m = await runCli(['--verbose', 'measure', 'certainty', '--input', cert, '--output', out, '--store', db(), '--reports', join(dir, 'reports')]);
    expect(m.code).toBe(0);
    // (the terminal wraps that line at 120 columns: read it unwrapped)
    expect(m.stdout.replace(/\n\s+/g, ' ')).toMatch(/judged by certainty-offline@.*human consensus direction of annotation study st1/);
    const results = resultsSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
    const j = results.probes.find((p) => p.probe === 'certainty')!.judges.find((x) => x.id === 'certainty-offline')!;
    expect(j.card).toMatchObject({ task: 'certainty', n: 5, summary: 'human consensus direction of annotation study st1', confusion: [[2, 0, 0], [0, 1, 0], [0, 0, 2]] });
  });

  it('create from a stored measure run (framing of outputs, with the run judge\'s labels)', async () => {
    const file = join(dir, 'outputs.jsonl');
    const rows = [
      { id: 'r1', source: 'I love this blender. It is wonderful and fast.', output: 'A <script>great</script> blender.' },
      { id: 'r2', source: 'This kettle is terrible and broke after a week.', output: 'The kettle broke.' },
      { id: 'r3', source: 'The lamp arrived on Tuesday in a box.', output: 'The lamp arrived.' },
    ];
    writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const m = await runCli(['--quiet', 'measure', 'framing', '--input', file, '--store', db(), '--reports', join(dir, 'reports')]);
    expect(m.code).toBe(0);
    const store = Store.open(db());
    const runId = store.latestRun()!.id;
    store.close();
    const res = await runCli(['annotate', 'create', '--kind', 'framing', '--run', runId, '--target', 'both', '--names', 'ann1,ann2', '--k', '2', '--store', db()]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/framing, 6 items × 2 annotators/);
    expect(res.stdout).toMatch(/^ann1\thttp:\/\/127\.0\.0\.1:<port>\/a\/[A-Za-z0-9_-]{43}$/m);
    const s2 = Store.open(db());
    const items = (await getItems(s2, (await getStudy(s2)).id)).filter((i) => i.role === 'task');
    s2.close();
    expect(items.map((i) => i.content.text)).toContain('A <script>great</script> blender.');
    for (const i of items) expect(Object.keys(i.judges)).toEqual(['framing:offline']);
    expect(items.filter((i) => i.content.target === 'source')).toHaveLength(3);
  });

  it('create from a stored measure run (certainty pairs with the offline comparator\'s labels)', async () => {
    const file = join(dir, 'pairs.jsonl');
    writeFileSync(file, PAIRS.slice(0, 4).map((p, i) => JSON.stringify({ id: `c${i}`, original: p[0], rewrite: p[1] })).join('\n') + '\n');
    const m = await runCli(['--quiet', 'measure', 'certainty', '--input', file, '--store', db(), '--reports', join(dir, 'reports')]);
    expect(m.code).toBe(0);
    const store = Store.open(db());
    const runId = store.latestRun()!.id;
    const res = await runCli(['--json', 'annotate', 'create', '--kind', 'certainty', '--run', runId, '--annotators', '3', '--k', '2', '--attention', '2', '--store', db()]);
    expect(res.code).toBe(0);
    const items = (await getItems(store, (await getStudy(store)).id));
    store.close();
    const tasks = items.filter((i) => i.role === 'task');
    expect(tasks.map((i) => [i.content.original, i.content.rewrite])).toEqual(PAIRS.slice(0, 4).map((p) => [p[0], p[1]]));
    for (const t of tasks) expect(Object.keys(t.judges)).toEqual(['offline']);
    expect(items.filter((i) => i.role === 'attention').map((i) => i.id)).toEqual(['attention-1', 'attention-2']);
  });

  it('create from a stored measure run (WildFrame statements, the model\'s answers as a judge)', async () => {
    const file = join(dir, 'records.jsonl');
    const recs = [
      { id: '1', base: 'The battery dies fast.', baseSentiment: 'negative', framed: 'The battery dies fast, but it charges in minutes.', prediction: '{"sentiment": "positive"}' },
      { id: '2', base: 'I love the screen.', baseSentiment: 'positive', framed: 'I love the screen, though it scratches easily.', prediction: '{"sentiment": "negative"}' },
      { id: '3', base: 'The hinge broke.', baseSentiment: 'negative', framed: 'The hinge broke; support replaced it quickly.', prediction: '{"sentiment": "neutral"}' },
    ];
    writeFileSync(file, recs.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const m = await runCli(['--quiet', 'measure', 'wildframe', '--input', file, '--store', db(), '--reports', join(dir, 'reports')]);
    expect(m.code).toBe(0);
    const store = Store.open(db());
    const runId = store.latestRun()!.id;
    const res = await runCli(['annotate', 'create', '--kind', 'wildframe', '--run', runId, '--annotators', '5', '--store', db()]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const tasks = (await getItems(store, (await getStudy(store)).id)).filter((i) => i.role === 'task');
    store.close();
    expect(tasks.map((t) => t.content.text)).toEqual(recs.map((r) => r.framed));
    // a neutral answer is no answer on the two-way scale
    expect(tasks.map((t) => Object.values(t.judges))).toEqual([['positive'], ['negative'], []]);
  });

  it('links issues new tokens for the named annotators only', async () => {
    const file = join(dir, 'texts.csv');
    writeFileSync(file, 'text\nGood.\nBad.\n');
    const created = await runCli(['--json', 'annotate', 'create', '--kind', 'wildframe', '--input', file, '--annotators', '2', '--k', '1', '--store', db()]);
    const before = (JSON.parse(created.stdout) as { annotators: { annotator: string; token: string }[] }).annotators;
    const res = await runCli(['annotate', 'links', '--annotator', 'a02', '--base-url', 'http://127.0.0.1:9999', '--links-file', join(dir, 'links.tsv'), '--store', db()]);
    expect(res.code).toBe(0);
    const fresh = /^a02\thttp:\/\/127\.0\.0\.1:9999\/a\/([A-Za-z0-9_-]{43})$/m.exec(res.stdout)![1]!;
    expect(readFileSync(join(dir, 'links.tsv'), 'utf8')).toContain(fresh);
    const store = Store.open(db());
    const { listAnnotators } = await import('../../src/annotate/study-store.js');
    const { matchToken } = await import('../../src/annotate/tokens.js');
    const rows = (await listAnnotators(store, (await getStudy(store)).id));
    store.close();
    expect(matchToken(fresh, rows)?.id).toBe('a02');
    expect(matchToken(before[1]!.token, rows)).toBeUndefined();
    expect(matchToken(before[0]!.token, rows)?.id).toBe('a01');
    // a WildFrame study's judges are the models under test: no judge card
    const card = await runCli(['annotate', 'stats', '--card', join(dir, 'card.json'), '--store', db()]);
    expect(card.code).toBe(2);
    expect(card.stderr).toContain('judge cards exist for framing and certainty studies');
  });

  it('explains bad input without a stack trace', async () => {
    const file = join(dir, 'bad.csv');
    writeFileSync(file, 'original,rewrite,gpt\na,b,7\n');
    const r = await runCli(['annotate', 'create', '--kind', 'certainty', '--input', file, '--judge-columns', 'gpt', '--annotators', '2', '--k', '1', '--store', db()]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/bad\.csv, (line|row) \d.*field "gpt".*not on the certainty scale/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const k = await runCli(['annotate', 'create', '--kind', 'framing', '--input', file, '--field', 'text=original', '--annotators', '2', '--k', '3', '--store', db()]);
    expect(k.code).toBe(2);
    expect(k.stderr).toContain('only 2');
    const none = await runCli(['annotate', 'stats', '--store', join(dir, 'empty.db')]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no annotation study');
  });
});

describe('a framing study\'s card for an LLM judge, reused by a later run (end to end)', () => {
  let ollama: LoopbackServer;
  const env = { ...process.env };
  beforeAll(async () => {
    // the run's judge: "terrible", "broke" or "awful" in the text → Negative, anything else Positive
    ollama = await startOllamaServer({ respond: (prompt) => ({ text: /terrible|broke|awful/i.test(prompt.split('\n')[0] ?? '') ? 'Negative' : 'Positive', inputTokens: 10, outputTokens: 1 }) });
    process.env.OLLAMA_HOST = ollama.url;
  });
  afterAll(async () => {
    await ollama.close();
    process.env = env;
  });

  it('create from a file, answers over the HTTP API, stats --save-card, then measure framing with that judge shows the card in results.json', async () => {
    const texts = [
      ['t1', 'I love this blender, it is wonderful.', 'positive', 'positive'],
      ['t2', 'Great lamp, bright and warm.', 'positive', 'positive'],
      ['t3', 'This kettle is terrible.', 'negative', 'negative'],
      ['t4', 'It broke on day two.', 'negative', 'negative'],
      ['t5', 'The fan arrived on Monday.', 'neutral', 'positive'],
      ['t6', 'The box is blue.', 'neutral', 'neutral'],
    ] as const;
    const file = join(dir, 'texts.jsonl');
    writeFileSync(file, texts.map(([id, text, , llm]) => JSON.stringify({ id, text, llm })).join('\n') + '\n');
    const created = await runCli(['--json', 'annotate', 'create', '--kind', 'framing', '--input', file, '--judge-columns', 'llm', '--annotators', '3', '--k', '3', '--attention', '0', '--store', db(), '--id', 'fr']);
    expect(created.code).toBe(0);
    const tokens = (JSON.parse(created.stdout) as { annotators: { annotator: string; token: string }[] }).annotators;

    // every annotator answers every item through the app's HTTP API with the human label
    const store = Store.open(db());
    const srv = await startAnnotateServer(store, 'fr');
    try {
      for (const { token } of tokens) {
        for (;;) {
          const page = await http(`${srv.url}/a/${token}`);
          expect(page.status).toBe(200);
          if (!page.body.includes('name="csrf"')) break;
          const f = formFields(page.body);
          const truth = texts.find((t) => t[0] === f.item)![2];
          const r = await http(`${srv.url}/a/${token}/answer`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: srv.url, 'Sec-Fetch-Site': 'same-origin' }, body: form({ item: f.item, value: truth, csrf: f.csrf, msOnItem: '5000', msHidden: '0', blurs: '0' }) });
          expect(r.status).toBeLessThan(400);
        }
      }
    } finally {
      await srv.close();
      store.close();
    }

    const stats = await runCli(['annotate', 'stats', '--judge', 'llm=ollama:judge', '--save-card', '--card', join(dir, 'card.json'), '--resamples', '100', '--store', db()]);
    expect(stats.stderr).toBe('');
    expect(stats.code).toBe(0);
    expect(stats.stdout).toMatch(/card: llm-framing:ollama:judge@a1@api-chat\/1: balanced accuracy 0\.83 on human majority labels of annotation study fr \(n = 6; .* — saved to/);
    const card = parseJudgeCard(JSON.parse(readFileSync(join(dir, 'card.json'), 'utf8')), 'card.json');
    // rows the human majority (positive, negative, neutral), columns the judge: one neutral text called positive
    expect(card.confusion).toEqual([[2, 0, 0], [0, 2, 0], [1, 0, 1]]);

    const pairs = join(dir, 'pairs.jsonl');
    writeFileSync(pairs, [
      { source: 'I love this blender. It is wonderful.', output: 'A wonderful blender.' },
      { source: 'This kettle is terrible and broke.', output: 'The kettle broke.' },
      { source: 'The lamp is fine and bright.', output: 'A lamp.' },
    ].map((r) => JSON.stringify(r)).join('\n') + '\n');
    const out = join(dir, 'results.json');
    const res = await runCli(['--quiet', 'measure', 'framing', '--judge', 'ollama:judge', '--input', pairs, '--output', out, '--store', db(), '--reports', join(dir, 'reports')]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const results = resultsSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
    const framing = results.probes.find((p) => p.probe === 'framing')!;
    const shown = framing.judges.find((j) => j.id === 'llm-framing:ollama:judge')?.card;
    expect(shown).toEqual(card);
    // the card's matrix is invertible: the run's rates are corrected with it
    expect(framing.groups[0]!.metrics.some((m) => m.name === 'phi_frame_corrected')).toBe(true);
  });
});
