import { createRng } from '../src/stats/rng.js';

const POSITIVE = 'great excellent love wonderful reliable fast happy perfect impressive comfortable'.split(' ');
const NEGATIVE = 'terrible awful broke disappointed slow useless refund worst annoying flimsy'.split(' ');
const NEUTRAL = 'the battery screen price delivery box manual cable app setup design weight color size week month use it was and with for after'.split(' ');

/**
 * Seeded synthetic review-like documents of about `words` words: sentences of 8–20 words drawn from
 * neutral vocabulary with sentiment words mixed in; the sentiment drifts across the document so that
 * beginnings and ends differ. Not language, but the same shape of work for the judges.
 */
export function* syntheticDocuments(n: number, words: number, seed = 1): Generator<{ id: string; source: string; output: string }> {
  const rng = createRng(seed);
  const pick = (arr: string[]) => arr[Math.floor(rng() * arr.length)] ?? '';
  for (let i = 0; i < n; i++) {
    const sentences: string[] = [];
    let count = 0;
    const flip = rng() < 0.5;
    while (count < words) {
      const len = 8 + Math.floor(rng() * 13);
      const progress = count / words;
      const pPos = flip ? 0.25 * (1 - progress) : 0.25 * progress;
      const pNeg = flip ? 0.25 * progress : 0.25 * (1 - progress);
      const toks: string[] = [];
      for (let k = 0; k < len; k++) {
        const r = rng();
        toks.push(r < pPos ? pick(POSITIVE) : r < pPos + pNeg ? pick(NEGATIVE) : pick(NEUTRAL));
      }
      const s = toks.join(' ');
      sentences.push(s.charAt(0).toUpperCase() + s.slice(1) + '.');
      count += len;
    }
    // a lead-biased "summary": the first two sentences and one from the middle
    const output = [sentences[0], sentences[1], sentences[Math.floor(sentences.length / 2)]].join(' ');
    yield { id: `doc-${i}`, source: sentences.join(' '), output };
  }
}
