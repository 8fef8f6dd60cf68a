import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { judgeCardSchema } from '../../src/judges/card.js';
import { createOfflineFramingJudge } from '../../src/judges/framing/offline-judge.js';
import { resultsSchema } from '../../src/results/schema.js';
import { startOllamaServer } from '../helpers/loopback/ollama-server.js';
import type { LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';

const POS = 'I love this blender. It is wonderful, fast and quiet. The smoothies are excellent and cleaning is easy.';
const NEG = 'This kettle is terrible. It broke after a week, leaked everywhere and the support was rude and useless.';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'slant-cards-'));
});
const common = () => ['--store', join(dir, 'slant.db'), '--reports', join(dir, 'reports')];

function pairs(): string {
  const file = join(dir, 'pairs.jsonl');
  const rows = [
    { source: POS, output: 'The blender is wonderful and fast.', system: 'm1' },
    { source: NEG, output: 'The kettle broke and leaked; support was rude.', system: 'm1' },
    { source: `${POS} ${NEG}`, output: 'Great smoothies, easy cleaning.', system: 'm2' },
    { source: `${NEG} Never again.`, output: 'A kettle.', system: 'm2' },
  ];
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}

describe('judge cards in results', () => {
  it('the offline framing judge carries its shipped card through results.json, with corrected rates beside the raw ones', async () => {
    const out = join(dir, 'results.json');
    const res = await runCli(['--verbose', 'measure', 'framing', '--input', pairs(), '--output', out, ...common()]);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/judged by offline-framing@2\.0\.0\+[0-9a-f]{8}: balanced accuracy 0\.\d\d on held-out review sources/);
    // with two groups, the summary figure names the judge beside the number
    const two = await runCli(['--verbose', 'measure', 'framing', '--input', pairs(), '--field', 'model=system', ...common()]);
    // (the terminal wraps that line at 120 columns: read it unwrapped)
    expect(two.stdout.replace(/\n\s+/g, ' ')).toMatch(/mean of 2 group means: \d+\.\d% \[[^\]]+\] — judged by offline-framing@2\.0\.0\+[0-9a-f]{8}, balanced accuracy 0\.\d\d on held-out review sources/);
    expect(res.stdout).toMatch(/corrected \d+\.\d%/);
    const results = resultsSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
    const framing = results.probes.find((p) => p.probe === 'framing')!;
    const card = framing.judges[0]!.card!;
    // the round trip keeps every field of the judge's own card
    expect(card).toEqual(createOfflineFramingJudge().card);
    expect(judgeCardSchema.parse(card).confusion).toHaveLength(3);
    const g = framing.groups[0]!;
    for (const name of ['phi_frame', 'shift_neutral_to_positive', 'shift_positive_to_negative', 'source_positive']) {
      const c = g.metrics.find((m) => m.name === `${name}_corrected`);
      expect(c, name).toBeDefined();
      expect(c!.ci!.method).toBe('bootstrap-misclassification');
      expect(c!.value! >= 0 && c!.value! <= 1).toBe(true);
      expect(c!.ci!.low!).toBeLessThanOrEqual(c!.ci!.high!);
    }
    const html = readFileSync(join(dir, 'reports', results.run.id, 'report.html'), 'utf8');
    expect(html).toContain('judged by offline-framing@');
    expect(html).toContain('corrected for judge error');
  });

  it('the offline certainty comparator is listed with its card and CD is corrected', async () => {
    const file = join(dir, 'cert.jsonl');
    const rows = [
      { original: 'These results suggest that exercise may improve memory.', rewrite: 'Exercise improves memory.' },
      { original: 'Coffee prevents stroke.', rewrite: 'Coffee might possibly be associated with fewer strokes.' },
      { original: 'The drug reduces pain.', rewrite: 'The drug reduces pain.' },
      { original: 'Statins may reduce mortality in older adults.', rewrite: 'Statins reduce mortality in older adults.' },
    ];
    writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const out = join(dir, 'results.json');
    const res = await runCli(['--quiet', 'measure', 'certainty', '--input', file, '--output', out, ...common()]);
    expect(res.code).toBe(0);
    const results = resultsSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
    const cert = results.probes.find((p) => p.probe === 'certainty')!;
    const j = cert.judges.find((x) => x.id === 'certainty-offline')!;
    expect(j.card?.summary).toBe('held-out InSciOut test pairs');
    expect(j.card?.heldOut).toBe(true);
    for (const name of ['cd_corrected', 'cd_up_corrected', 'cd_down_corrected']) expect(cert.groups[0]!.metrics.find((m) => m.name === name), name).toBeDefined();

    // a card saved for other bands is kept apart: a run with tie band 0 uses it, the default run does not
    const labelled = join(dir, 'labelled.jsonl');
    writeFileSync(labelled, rows.map((r, i) => JSON.stringify({ a: r.original, b: r.rewrite, label: [1, -1, 0, 1][i] })).join('\n') + '\n');
    const v = await runCli(['validate', 'certainty', '--input', labelled, '--tie-band', '0', '--save-card', '--store', join(dir, 'slant.db')]);
    expect(v.code).toBe(0);
    expect(v.stdout).toMatch(/card: certainty-offline@.* tie 0 clear [\d.]+: .* — saved to/);
    const out0 = join(dir, 'results0.json');
    expect((await runCli(['--quiet', 'measure', 'certainty', '--input', file, '--set', 'certainty.offlineTieBand=0', '--output', out0, ...common()])).code).toBe(0);
    const r0 = resultsSchema.parse(JSON.parse(readFileSync(out0, 'utf8')));
    expect(r0.probes[0]!.judges.find((x) => x.id === 'certainty-offline')?.card?.summary).toBe('labelled.jsonl');
    const outD = join(dir, 'resultsD.json');
    expect((await runCli(['--quiet', 'measure', 'certainty', '--input', file, '--output', outD, ...common()])).code).toBe(0);
    const rD = resultsSchema.parse(JSON.parse(readFileSync(outD, 'utf8')));
    expect(rD.probes[0]!.judges.find((x) => x.id === 'certainty-offline')?.card?.summary).toBe('held-out InSciOut test pairs');
  });
});

describe('an LLM judge card from slant validate --save-card', () => {
  let server: LoopbackServer;
  const env = { ...process.env };
  beforeAll(async () => {
    // a judge that calls everything with "broke" or "terrible" negative, everything else positive
    server = await startOllamaServer({
      respond: (prompt) => ({ text: /terrible|broke|awful/i.test(prompt.split('\n')[0] ?? '') ? 'Negative' : 'Positive', inputTokens: 10, outputTokens: 1 }),
    });
    process.env.OLLAMA_HOST = server.url;
  });
  afterAll(async () => {
    await server.close();
    process.env = env;
  });

  it('is stored, printed, and reused by a later run with that judge (card in results.json, corrected φ_frame)', async () => {
    const labelled = join(dir, 'labelled.jsonl');
    const rows = [
      { text: POS, rating: 5 },
      { text: 'Great lamp, bright and warm.', rating: 5 },
      { text: NEG, rating: 1 },
      { text: 'It broke on day two. Awful.', rating: 1 },
      { text: 'It is fine, nothing special.', rating: 3 },
      { text: 'Terrible fan, loud.', rating: 2 },
    ];
    writeFileSync(labelled, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const v = await runCli(['validate', 'framing', '--judge', 'ollama:judge', '--input', labelled, '--save-card', '--store', join(dir, 'slant.db')]);
    expect(v.stderr).toBe('');
    expect(v.code).toBe(0);
    expect(v.stdout).toMatch(/card: llm-framing:ollama:judge@.*balanced accuracy 0\.67 on labelled\.jsonl \(n = 6; \d{4}-\d\d-\d\d\) — saved to/);

    const out = join(dir, 'results.json');
    const res = await runCli(['--quiet', 'measure', 'framing', '--judge', 'ollama:judge', '--input', pairs(), '--output', out, ...common()]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const results = resultsSchema.parse(JSON.parse(readFileSync(out, 'utf8')));
    const framing = results.probes.find((p) => p.probe === 'framing')!;
    const card = framing.judges.find((j) => j.id === 'llm-framing:ollama:judge')?.card;
    expect(card?.n).toBe(6);
    // truth rows positive, negative, neutral (FRAMINGS order): the neutral review was called positive
    expect(card?.confusion).toEqual([
      [2, 0, 0],
      [0, 3, 0],
      [1, 0, 0],
    ]);
    // that confusion matrix is singular (nothing is ever judged neutral): no corrected rates, rather than made-up ones
    expect(framing.groups[0]!.metrics.some((m) => m.name.endsWith('_corrected'))).toBe(false);
  });
});

describe('slant validate framing and the offline judge\'s training rows', () => {
  it('prints the card and says that a labelled file of unseen texts is held out', async () => {
    const labelled = join(dir, 'labelled.jsonl');
    writeFileSync(labelled, [JSON.stringify({ text: 'A truly wonderful kettle, I adore it!', rating: 5 }), JSON.stringify({ text: 'Broke in a week. Useless.', rating: 1 })].join('\n') + '\n');
    const res = await runCli(['--json', 'validate', 'framing', '--input', labelled]);
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout) as { inTraining: number; card: { heldOut: boolean; n: number } };
    expect(out.inTraining).toBe(0);
    expect(out.card).toMatchObject({ heldOut: true, n: 2 });
  });
});
