/**
 * The wording rules of the findings (src/report/findings.ts), in one place so every sentence of
 * every report reads the same and the rules are tested with worked numbers:
 *
 * - a metric is named by what it means, then its symbol: "primacy bias rate ψ_pri";
 * - a rate is a whole percentage ("40%", "4%"; one decimal below 1%: "0.5%"); its interval
 *   follows without the sign ("40% [22, 61]"); a mean or statistic has two decimals ("0.70 [0.66,
 *   0.74]", three below 0.1); a difference of rates is in percentage points ("25 pp [−47, −4]");
 *   minus signs are "−";
 * - n follows in brackets: "(n = 40)", "(paired, n = 20)", with the answers left out of it;
 * - a finding is stated only where its 95% interval supports it: a level against a reference when
 *   the interval lies wholly on one side of it; two means of the same group against each other only
 *   when their intervals do not overlap (a conservative check); a paired effect when its interval
 *   excludes 0; otherwise the sentence says that nothing differs;
 * - the instrument: a judge's balanced accuracy on its card decides the words: from 0.8 "trusted",
 *   from 0.7 "fair", below 0.7 "read with care"; no card: its error is unknown.
 */
import { nText, type Excluded } from '../core/excluded.js';
import type { JudgeCard } from '../judges/card.js';
import type { MetricKind } from '../results/presentation.js';
import words from './metric-words.json' with { type: 'json' };

interface MetricWords {
  words: string;
  symbol: string;
  /** which direction is the better one, where the paper says so */
  better?: 'lower' | 'higher';
  /** the metric that answers its probe's question (φ_frame, ψ_pri, CD, …): a mitigation's findings are about these */
  key?: boolean;
}

const WORDS = words as Record<string, MetricWords>;

/** The balanced accuracy from which a judge's numbers are trusted, and below which they are read with care. */
export const TRUSTED_FROM = 0.8;
export const READ_WITH_CARE_BELOW = 0.7;

const MINUS = '\u2212';

/** "primacy bias rate ψ_pri": what a metric means, then its symbol; the results' own label for a metric without words. */
export function metricHeading(name: string, label?: string): string {
  const w = WORDS[name];
  if (w) return `${w.words} ${w.symbol}`;
  return label ?? name;
}

/** A paired effect's column: "change in primacy bias rate Δψ_pri". */
export function effectHeading(name: string, label?: string): string {
  const w = WORDS[name];
  return w ? `change in ${w.words} Δ${metricSymbol(name)}` : `Δ${label ?? name}`;
}

/** The metric's symbol alone ("ψ_pri", "shift rate"), or its name. */
export function metricSymbol(name: string): string {
  return WORDS[name]?.symbol.replace(/^\((.*)\)$/, '$1') ?? name;
}

/** The metric answers its probe's question: a mitigation's findings state its effect on these; the tables have the rest. */
export function isKeyMetric(name: string): boolean {
  return WORDS[name]?.key === true;
}

const signed = (s: string): string => (s.startsWith('-') ? `${MINUS}${s.slice(1)}` : s);

function plain(v: number, kind: MetricKind | undefined): string {
  if (kind === 'rate') {
    const pct = 100 * v;
    return signed(Math.abs(pct) >= 0.95 || pct === 0 ? pct.toFixed(0) : pct.toFixed(1));
  }
  if (kind === 'count') return signed(String(Math.round(v)));
  return signed(Math.abs(v) >= 0.1 || v === 0 ? v.toFixed(2) : v.toFixed(3));
}

/** A value in a sentence: "40%", "0.70", a difference "25 pp" (its size; the verb carries the sign), "—" when undefined. */
export function valueWords(v: number | null, kind: MetricKind | undefined, opts: { difference?: boolean } = {}): string {
  if (v === null || !Number.isFinite(v)) return '—';
  if (opts.difference) return kind === 'rate' ? `${plain(Math.abs(v), kind)} pp` : plain(Math.abs(v), kind);
  return kind === 'rate' ? `${plain(v, kind)}%` : plain(v, kind);
}

/** An interval in a sentence: "[22, 61]" for a rate (in % or pp), "[0.66, 0.74]" for a mean; '' without one. */
export function intervalWords(ci: { low: number | null; high: number | null } | undefined, kind: MetricKind | undefined): string {
  if (!ci || ci.low === null || ci.high === null) return '';
  return `[${plain(ci.low, kind)}, ${plain(ci.high, kind)}]`;
}

/** "40% [22, 61]", "0.70 [0.66, 0.74]", "25 pp [−47, −4]". */
export function statWords(s: { value: number | null; ci?: { low: number | null; high: number | null }; kind?: MetricKind }, opts: { difference?: boolean } = {}): string {
  const i = intervalWords(s.ci, s.kind);
  return i ? `${valueWords(s.value, s.kind, opts)} ${i}` : valueWords(s.value, s.kind, opts);
}

/** "(n = 40)", "(paired, n = 20)", "(n = 40 · 3 unreadable)". */
export function nWords(n: number, opts: { paired?: boolean; excluded?: Excluded } = {}): string {
  return `(${opts.paired ? 'paired, ' : ''}${nText(n, opts.excluded)})`;
}

type Interval = { low: number | null; high: number | null } | undefined;

/** The interval lies wholly above `ref` (a level shown to exceed it). */
export function above(ci: Interval, ref: number): boolean {
  return ci !== undefined && ci.low !== null && ci.low > ref;
}

/** The interval lies wholly below `ref`. */
export function below(ci: Interval, ref: number): boolean {
  return ci !== undefined && ci.high !== null && ci.high < ref;
}

/** A paired effect whose interval excludes 0: its sign; 0 when the interval includes 0 or is missing. */
export function effectSign(ci: Interval): -1 | 0 | 1 {
  return above(ci, 0) ? 1 : below(ci, 0) ? -1 : 0;
}

/** Two means of one group differ only when their intervals do not overlap: `a` above `b`. */
export function apart(a: Interval, b: Interval): boolean {
  return a !== undefined && b !== undefined && a.low !== null && b.high !== null && a.low > b.high;
}

export type TrustVerdict = 'trusted' | 'fair' | 'read with care' | 'unknown';

/** How far a judge's numbers can be trusted, from its card's balanced accuracy. */
export function trustVerdict(card: Pick<JudgeCard, 'balancedAccuracy'> | undefined): TrustVerdict {
  const ba = card?.balancedAccuracy;
  if (ba === undefined || ba === null) return 'unknown';
  if (ba >= TRUSTED_FROM) return 'trusted';
  if (ba >= READ_WITH_CARE_BELOW) return 'fair';
  return 'read with care';
}

/** Clauses joined as a reader lists them: "a", "a and b", "a, b and c". */
export function listWords(xs: readonly string[]): string {
  if (xs.length <= 1) return xs[0] ?? '';
  return `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

/** A sentence: first letter up (unless it starts with a name, which is kept as written), one final full stop. */
export function sentence(s: string, opts: { name?: boolean } = {}): string {
  const t = s.trim().replace(/[.\s]+$/, '');
  return `${opts.name ? t : t.charAt(0).toUpperCase() + t.slice(1)}.`;
}
