import { areAntonyms } from './antonyms.js';
import { NUMBER_TOKEN } from './numbers.js';

/**
 * Is `output` a real, minimal negation of `source`? The check slant uses to measure negators
 * (scripts/measure-negator.ts, docs/datasets/news.md). Both are tokenised into lower-case words
 * with contractions opened ("isn't" -> "is not", "cannot" -> "can not", "won't" -> "will not").
 * `output` passes when ALL of:
 *
 *   changed   the token sequences differ;
 *   minimal   the word-level edit (tokens deleted + tokens inserted, from the longest common
 *             subsequence) is at most max(4, 30% of the source's tokens), and at most
 *             max(2, 30% of the source's tokens) of them are deletions (the rest is kept);
 *   polarity  at least one of:
 *             - the number of negation cues differs in parity (not, never, no, none, nobody,
 *               nothing, nowhere, neither, nor, without, cannot): one negation added or removed,
 *               two added cancel out;
 *             - a deleted token and an inserted token form an antonym pair (antonyms.ts);
 *             - a number was replaced by a different number.
 *
 * It is a structural check: it cannot tell whether the negated part is the central claim, nor
 * catch a reversal by a synonym outside the antonym list. The report counts those as failures.
 */
export interface NegationCheck {
  ok: boolean;
  changed: boolean;
  minimal: boolean;
  polarity: 'cue-parity' | 'antonym' | 'number' | null;
  edit: number;
}

const CUES = new Set(['not', 'never', 'no', 'none', 'nobody', 'nothing', 'nowhere', 'neither', 'nor', 'without']);

export function negationTokens(text: string): string[] {
  const t = text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/\bcan't\b/g, 'can not')
    .replace(/\bwon't\b/g, 'will not')
    .replace(/\bshan't\b/g, 'shall not')
    .replace(/\bcannot\b/g, 'can not')
    .replace(/n't\b/g, ' not')
    // apostrophe dropped, as in reviews: "cant", "dont", "isnt"
    .replace(/\b(ca|wo|do|does|did|is|are|was|were|could|should|would|has|have|had)nt\b/g, (_m, v: string) => `${v === 'ca' ? 'can' : v === 'wo' ? 'will' : v} not`);
  return t.match(/[a-z0-9]+(?:[.,][0-9]+)*/g) ?? [];
}

/** LCS length table walk: returns deleted (from a) and inserted (from b) tokens. */
function diff(a: string[], b: string[]): { lcs: number; deleted: string[]; inserted: string[] } {
  const n = a.length;
  const m = b.length;
  const dp: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    const row = dp[i] as number[];
    const next = dp[i + 1] as number[];
    for (let j = m - 1; j >= 0; j--) row[j] = a[i] === b[j] ? (next[j + 1] as number) + 1 : Math.max(next[j] as number, row[j + 1] as number);
  }
  const deleted: string[] = [];
  const inserted: string[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      i++;
      j++;
    } else if ((dp[i + 1]?.[j] ?? 0) >= (dp[i]?.[j + 1] ?? 0)) deleted.push(a[i++] as string);
    else inserted.push(b[j++] as string);
  }
  while (i < n) deleted.push(a[i++] as string);
  while (j < m) inserted.push(b[j++] as string);
  return { lcs: dp[0]?.[0] ?? 0, deleted, inserted };
}

const isNumber = (t: string): boolean => NUMBER_TOKEN.test(t) && /^[0-9a-z.,]+$/.test(t);

export function checkNegation(source: string, output: string): NegationCheck {
  const a = negationTokens(source);
  const b = negationTokens(output);
  const { lcs, deleted, inserted } = diff(a, b);
  const edit = deleted.length + inserted.length;
  const changed = edit > 0;
  const budget = Math.max(4, Math.ceil(0.3 * a.length));
  const minimal = edit <= budget && deleted.length <= Math.max(2, Math.ceil(0.3 * a.length)) && lcs > 0;
  let polarity: NegationCheck['polarity'] = null;
  const cues = (ts: string[]): number => ts.filter((t) => CUES.has(t)).length;
  if (cues(a) % 2 !== cues(b) % 2) polarity = 'cue-parity';
  else if (deleted.some((d) => inserted.some((x) => areAntonyms(d, x)))) polarity = 'antonym';
  else if (deleted.some(isNumber) && inserted.some(isNumber)) polarity = 'number';
  return { ok: changed && minimal && polarity !== null, changed, minimal, polarity, edit };
}
