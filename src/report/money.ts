/**
 * Money as slant prints it on every screen (terminal, report.html, the viewer): whole cents from a
 * dollar up, four decimals below, and never "$0.0000" for an amount that is real but tiny, nor $0
 * for a spend whose tokens the provider did not report.
 */
import type { Results } from '../results/schema.js';

export function usd(x: number): string {
  if (x === 0) return '$0';
  // a few hundred tokens of a cheap model are real money too small for four decimals
  if (x > 0 && x < 0.00005) return '< $0.0001';
  return x >= 1 ? `$${x.toFixed(2)}` : `$${x.toFixed(4)}`;
}

/** Answers whose provider said nothing of their tokens: their cost is unknown, not zero. */
const unreportedAnswers = (spend: NonNullable<Results['spend']>): number => spend.rows.reduce((n, r) => n + r.withoutUsage, 0);

/** "$0.0123", "at least $0.0123 (usage not reported for 2 answer(s))" or "— (usage not reported …)". */
export function spentAmount(spend: NonNullable<Results['spend']>): string {
  const unreported = unreportedAnswers(spend);
  if (unreported === 0) return usd(spend.total);
  const why = `usage not reported for ${unreported.toLocaleString('en-US')} answer(s)`;
  return spend.total > 0 ? `at least ${usd(spend.total)} (${why})` : `— (${why})`;
}
