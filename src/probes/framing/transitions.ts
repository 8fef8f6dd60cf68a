import { FRAMINGS, type Framing } from '../../core/types.js';

/** Counts of source framing (rows) -> output framing (columns), in FRAMINGS order. */
export function transitionCounts(pairs: readonly { fC: Framing; fS: Framing }[]): number[][] {
  const m = FRAMINGS.map(() => FRAMINGS.map(() => 0));
  for (const pair of pairs) countTransition(m, pair);
  return m;
}

/** One more item in a transition table (transitionCounts' step; a run's aggregation counts item by item). */
export function countTransition(m: number[][], { fC, fS }: { fC: Framing; fS: Framing }): void {
  const row = m[FRAMINGS.indexOf(fC)];
  if (!row) throw new RangeError(`unknown framing ${String(fC)}`);
  const col = FRAMINGS.indexOf(fS);
  row[col] = (row[col] ?? 0) + 1;
}

const SHORT: Record<Framing, string> = { positive: 'Pos', negative: 'Neg', neutral: 'Neu' };

/** The six off-diagonal transitions in the column order of seed 000's Table 2. */
export const TABLE2_TRANSITIONS: readonly [Framing, Framing][] = [
  ['neutral', 'positive'],
  ['neutral', 'negative'],
  ['positive', 'negative'],
  ['negative', 'positive'],
  ['positive', 'neutral'],
  ['negative', 'neutral'],
];

export function transitionName(from: Framing, to: Framing): string {
  return `${SHORT[from]}→${SHORT[to]}`;
}
