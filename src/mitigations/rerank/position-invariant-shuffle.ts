import { z } from 'zod';
import { always } from '../applicability.js';
import { CallLog } from '../calls.js';
import { TABLE_A7 } from '../prompts.js';
import type { Mitigation } from '../types.js';
import { createRng, shuffleInPlace } from '../../stats/rng.js';
import { periodSplit } from './segments.js';

const options = z.object({ seed: z.number().int().default(42) }).strict();

/**
 * The permutation applied to `n` sentences: a Fisher–Yates shuffle of 0..n−1 with slant's seeded
 * generator (Table A5: seed 42), the same for every record of the same length.
 * `permutation[i]` is the original index of the sentence placed at position i.
 */
export function shufflePermutation(n: number, seed: number): number[] {
  return shuffleInPlace(
    Array.from({ length: n }, (_, i) => i),
    createRng(seed),
  );
}

/**
 * Seed 000 §7.4.1 / Table A5: sentences (split at periods) shuffled with seed 42, then Table A7's
 * shuffle prompt. A diagnostic ablation of positional sensitivity. The permutation is stored as a
 * step, so the shuffled text can be rebuilt from the record.
 */
export const positionInvariantShuffle: Mitigation<z.infer<typeof options>> = {
  id: 'position-invariant-shuffle',
  kind: 'rerank',
  title: 'Position-Invariant Shuffle',
  source: 'Alessa et al., §7.4.1, Tables A5 and A7 (Wan et al., 2024; Liu et al., 2024)',
  tasks: ['summarize'],
  requires: [],
  optionsSchema: options,
  applicable: always,
  async run(ctx) {
    const log = new CallLog(ctx);
    const sentences = periodSplit(ctx.task.document(ctx.record));
    const permutation = shufflePermutation(sentences.length, ctx.options.seed);
    const shuffled = permutation.map((i) => sentences[i]!).join(' ');
    const text = await log.ask({ template: TABLE_A7.shuffle, document: shuffled });
    return log.finish(text, [{ name: 'permutation', text: shuffled, data: { seed: ctx.options.seed, sentences: sentences.length, permutation } }]);
  },
};
