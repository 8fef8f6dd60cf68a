import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

// The offline comparator "was fitted on" exactly one sentence here, so the in-sample check can be
// exercised without shipping any training text in the tests.
const { SEEN } = vi.hoisted(() => ({ SEEN: 'Statins reduce mortality in older adults.' }));
vi.mock('../../src/judges/certainty/claim-strength-training-set.js', async () => {
  const { createHash } = await import('node:crypto');
  return { TRAINING_SENTENCE_FINGERPRINTS: createHash('sha256').update(SEEN.toLowerCase()).digest('hex').slice(0, 8) };
});

// the offline framing judge "was fitted on" exactly this review
vi.mock('../../src/judges/framing/training-overlap.js', () => ({ inOfflineFramingTrainingSet: (text: string) => text === 'A review the judge was fitted on. Great lamp.' }));

function pairsFile(rows: object[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'slant-validate-'));
  const file = join(dir, 'pairs.jsonl');
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}

const PAIRS = [
  { a: 'These results suggest that exercise may improve memory.', b: 'Exercise improves memory.', label: 1 },
  { a: 'Coffee prevents stroke.', b: 'Coffee might possibly be associated with fewer strokes.', label: -1 },
  { a: 'The drug reduces pain.', b: 'The drug reduces pain.', label: 0 },
  { a: 'Statins may reduce mortality in older adults.', b: SEEN, label: 1 },
];

describe('slant validate certainty', () => {
  it('reports direction, order and tie accuracy, τ_b and the confusion table, and flags in-sample pairs', async () => {
    const res = await runCli(['validate', 'certainty', '--input', pairsFile(PAIRS)]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('pairs: 4; with a human direction: 3');
    expect(res.stdout).toMatch(/warning: 1 of 4 pairs contain a text the offline comparator was fitted on/);
    expect(res.stdout).toMatch(/order accuracy\s+1\.000/);
    expect(res.stdout).toMatch(/Kendall τ_b/);
  });

  it('--unseen-only leaves the in-sample pairs out and says how many', async () => {
    const res = await runCli(['--json', 'validate', 'certainty', '--input', pairsFile(PAIRS), '--unseen-only']);
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout) as { nAll: number; seenLeftOut: number; inTraining: number; n: number; orderAccuracy: number };
    expect(out).toMatchObject({ nAll: 3, seenLeftOut: 1, inTraining: 0, n: 2, orderAccuracy: 1 });
  });

  it('--tie-band 0 makes the offline comparator always pick a direction; a bad band is a clear error', async () => {
    const file = pairsFile([...PAIRS.slice(0, 3), { a: 'Coffee lowers the risk of stroke.', b: 'Coffee lowers the risk of a stroke.', label: 0 }]);
    const wide = JSON.parse((await runCli(['--json', 'validate', 'certainty', '--input', file, '--tie-band', '100'])).stdout) as { decided: number; tieAccuracy: number };
    expect(wide).toMatchObject({ decided: 0, tieAccuracy: 1 });
    const none = JSON.parse((await runCli(['--json', 'validate', 'certainty', '--input', file, '--tie-band', '0'])).stdout) as { confusion: { counts: number[][] } };
    // with no tie band only δ = 0 exactly is "no clear difference": the identical pair
    expect(none.confusion.counts[1]![1]).toBeLessThanOrEqual(2);
    expect(none.confusion.counts[0]![1]! + none.confusion.counts[2]![1]!).toBe(0);
    const bad = await runCli(['validate', 'certainty', '--input', file, '--tie-band', '-1']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--tie-band expects a number ≥ 0, got "-1"');
    const order = await runCli(['validate', 'certainty', '--input', file, '--tie-band', '1', '--clear-band', '0.5']);
    expect(order.code).toBe(2);
    expect(order.stderr).toContain('must be at least the tie band');
  });

  it('names the file, line and field of a bad label, and skips it with --skip-invalid', async () => {
    const file = pairsFile([PAIRS[0]!, { a: 'x', b: 'y', label: 'more' }]);
    const bad = await runCli(['validate', 'certainty', '--input', file]);
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain(`${file}, line 2, field "label": expected a number`);
    expect(bad.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    const skip = await runCli(['validate', 'certainty', '--input', file, '--skip-invalid']);
    expect(skip.code).toBe(0);
    expect(skip.stdout).toContain('(1 skipped)');
  });
});

describe('slant validate framing and in-sample rows', () => {
  const rows = [
    { text: 'A review the judge was fitted on. Great lamp.', rating: 5 },
    { text: 'Broke in a week. Useless.', rating: 1 },
    { text: 'Wonderful sound, I adore it!', rating: 5 },
  ];
  it('warns about rows the offline judge was fitted on, and the card says it is not held out', async () => {
    const res = await runCli(['validate', 'framing', '--input', pairsFile(rows)]);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('warning: 1 of 3 rows were training rows of the offline judge');
    expect(res.stdout).toMatch(/card: offline-framing@.*\(1 of 3 rows in-sample\) \(n = 3, in-sample;/);
  });

  it('--unseen-only leaves them out and the card is held out', async () => {
    const res = await runCli(['--json', 'validate', 'framing', '--input', pairsFile(rows), '--unseen-only']);
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout) as { n: number; seenLeftOut: number; inTraining: number; card: { heldOut: boolean } };
    expect(out).toMatchObject({ n: 2, seenLeftOut: 1, inTraining: 0, card: { heldOut: true } });
  });
});
