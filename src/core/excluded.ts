/**
 * Why answers are missing from a number: a metric's `excluded` counts, per reason, the items that
 * were asked but could not enter its n (an unreadable answer, an answer cut at the token limit, a
 * refusal, a provider's filter...). Every screen prints the same words after n:
 * "n = 172 · 28 unreadable · 5 cut at the token limit".
 *
 * Reasons are short keys. The known ones (exclusion-reasons.json, in the order shown) have their
 * words; any other key (e.g. an invalid output's recorded reason) is shown as written, after them.
 */
import reasonWords from './exclusion-reasons.json' with { type: 'json' };

/** reason key -> number of items excluded for it (only positive counts are kept) */
export type Excluded = Record<string, number>;

type KnownExclusion = keyof typeof reasonWords;

const KNOWN = Object.keys(reasonWords) as KnownExclusion[];

/** The words a reason is printed with ("truncated" -> "cut at the token limit"). */
export function exclusionWords(reason: string): string {
  return (reasonWords as Record<string, string>)[reason] ?? reason;
}

/** Reasons in display order: the known ones first (in the asset's order), the others by name. */
function ordered(ex: Excluded): [string, number][] {
  const rank = (r: string): number => {
    const i = KNOWN.indexOf(r as KnownExclusion);
    return i < 0 ? KNOWN.length : i;
  };
  return Object.entries(ex)
    .filter(([, c]) => c > 0)
    .sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** Total excluded items. */
export function excludedTotal(ex: Excluded | undefined): number {
  return ex ? Object.values(ex).reduce((a, c) => a + (c > 0 ? c : 0), 0) : 0;
}

/** "28 unreadable · 5 cut at the token limit", or '' when nothing was excluded. */
export function excludedText(ex: Excluded | undefined): string {
  if (!ex) return '';
  return ordered(ex)
    .map(([r, c]) => `${c} ${exclusionWords(r)}`)
    .join(' · ');
}

/** "n = 172 · 28 unreadable" (or "n = 172" when nothing was excluded). */
export function nText(n: number, ex?: Excluded): string {
  const rest = excludedText(ex);
  return rest ? `n = ${n} · ${rest}` : `n = ${n}`;
}

/** Sum of breakdowns; undefined when nothing is excluded in any. */
export function mergeExcluded(...all: (Excluded | undefined)[]): Excluded | undefined {
  const out: Excluded = {};
  for (const ex of all) for (const [r, c] of Object.entries(ex ?? {})) if (c > 0) out[r] = (out[r] ?? 0) + c;
  return Object.keys(out).length ? out : undefined;
}

/** Counts reasons of items (undefined reason = the item counted); undefined when none is excluded. */
export function countExcluded<T>(items: Iterable<T>, reasonOf: (item: T) => string | undefined): Excluded | undefined {
  const out: Excluded = {};
  for (const it of items) {
    const r = reasonOf(it);
    if (r !== undefined) out[r] = (out[r] ?? 0) + 1;
  }
  return Object.keys(out).length ? out : undefined;
}

/** The metric with `excluded` merged in (a new object; unchanged when nothing is added). */
export function withExcluded<M extends { excluded?: Excluded }>(metric: M, ex: Excluded | undefined): M {
  const merged = mergeExcluded(metric.excluded, ex);
  if (!merged) return metric;
  return { ...metric, excluded: merged };
}
