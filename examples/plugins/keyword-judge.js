/**
 * A framing judge: labels a text positive, negative or neutral by counting words of two short
 * lists (keyword-judge.json). Far cruder than slant's offline judge; it shows the shape a judge
 * plugin takes. Select it with `judges: { framing: keywords }`.
 */
import { readFileSync } from 'node:fs';
import { defineJudge, definePlugin } from 'slant';

const LISTS = JSON.parse(readFileSync(new URL('./keyword-judge.json', import.meta.url), 'utf8'));
const POSITIVE = new Set(LISTS.positive);
const NEGATIVE = new Set(LISTS.negative);

export function keywordFraming(text) {
  const words = text.toLowerCase().match(/[a-z']+/g) ?? [];
  const score = words.filter((w) => POSITIVE.has(w)).length - words.filter((w) => NEGATIVE.has(w)).length;
  return score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral';
}

export default definePlugin({
  judges: [
    defineJudge({
      kind: 'framing',
      name: 'keywords',
      create: async () => ({
        id: 'keywords',
        version: '1',
        classify: async (texts) => texts.map(keywordFraming),
      }),
    }),
  ],
});
