import { excludedTotal, exclusionWords, nText, type Excluded } from '../core/excluded.js';
import type { MetricJson } from '../results/schema.js';

/** A metric as read back from results.json: NaN and ±Infinity arrive as null. */
type Metric = MetricJson;

/** Format a metric value: rates as percentages, means with 3 decimals, statistics with 4. */
export function formatValue(value: number | null, kind: Metric['kind']): string {
  // an undefined number (a ratio over nothing, a mean of no values) is never NaN or Infinity
  if (value === null || !Number.isFinite(value)) return '—';
  if (kind === 'rate') return `${(100 * value).toFixed(1)}%`;
  if (kind === 'count') return String(Math.round(value));
  if (kind === 'statistic') return value.toFixed(4);
  return value.toFixed(3);
}

export function formatInterval(m: Metric): string {
  if (!m.ci) return '';
  return `[${formatValue(m.ci.low, m.kind)}, ${formatValue(m.ci.high, m.kind)}]`;
}

export function formatP(p: number | null): string {
  if (p === null) return '–';
  if (!Number.isFinite(p)) return String(p);
  if (p < 1e-4) return p.toExponential(2);
  return p.toFixed(4);
}

function formatTest(m: Metric): string {
  if (!m.test) return '';
  const df = m.test.df !== undefined && m.test.df !== null ? `, df=${Number.isInteger(m.test.df) ? m.test.df : m.test.df.toFixed(2)}` : '';
  const symbol = /chi/i.test(m.test.name) ? 'χ²' : /\bt-test|\bt test/i.test(m.test.name) ? 't' : 'stat';
  return `${symbol}=${m.test.statistic === null ? '–' : m.test.statistic.toFixed(3)}${df}, p=${formatP(m.test.pValue)}`;
}

/** Headline metrics per probe, in the order of seed 000's Table 1. */
export const HEADLINE: Record<string, string[]> = {
  framing: ['phi_frame'],
  primacy: ['mean_s_b', 'mean_s_m', 'mean_s_e', 'psi_pri', 'coverage', 'mean_s_b_minus_s_m'],
  position: ['wasserstein', 'wasserstein_per_article', 'position_shift', 'rouge1_f'],
  wildframe: ['shift_rate', 'shift_rate_base_positive', 'shift_rate_base_negative', 'neutral_rate', 'pearson_r'],
  certainty: ['cd', 'cd_up', 'cd_down', 'ratio', 'tie_rate', 'inconsistent_rate'],
  hallucination: ['actual_acc_pre', 'falsified_acc_pre', 'strict_acc_pre', 'actual_acc_post', 'falsified_acc_post', 'strict_acc_post', 'delta_h'],
};

/** Presented tables (by id) a probe prints at the terminal, per group (all tables go to report.html and the exports). */
export const TERMINAL_TABLES: Record<string, string[]> = {
  position: ['position_by_system', 'spearman'],
  wildframe: ['shift_by_polarity'],
  certainty: ['moderator', 'ranking', 'telephone'],
};

/** "≈ approximated on this model, not the paper's method: …" for a group whose condition the model could only approximate. */
export function formatApproximated(approximations: readonly string[]): string {
  return `≈ approximated on this model, not the paper's method: ${approximations.join('; ')}`;
}

/** "3 of the measured answers were cut at the token limit" for a group that measured cut answers. */
export function formatCut(n: number): string {
  return `${n} of the measured answers ${n === 1 ? 'was' : 'were'} cut at the token limit`;
}

/** "invalid outputs: 2 (empty answer (output) ×2)" for a group with invalid model outputs, else ''. */
export function formatInvalid(invalid: { n: number; reasons: Record<string, number> } | undefined): string {
  if (!invalid) return '';
  const reasons = Object.entries(invalid.reasons).map(([r, c]) => (c > 1 ? `${exclusionWords(r)} ×${c}` : exclusionWords(r)));
  return `invalid outputs: ${invalid.n} (${reasons.join('; ')})`;
}

/** A Stat cell of the report model (presentation.ts), structurally: value with n, interval, test, correction, effect p-values. */
interface StatLike {
  value: number | null;
  n: number;
  ci?: Metric['ci'];
  kind?: Metric['kind'];
  test?: Metric['test'];
  corrected?: StatLike;
  difference?: boolean;
  p?: number | null;
  pHolm?: number | null;
  excluded?: Excluded;
}

/**
 * A statistic's n as every renderer prints it: "n=40", or with the answers left out of it,
 * "n = 40 · 3 unreadable · 1 cut at the token limit" (src/core/excluded.ts).
 */
export function nLabel(s: { n: number; excluded?: Excluded }): string {
  return excludedTotal(s.excluded) > 0 ? nText(s.n, s.excluded) : `n=${s.n}`;
}

const signed = (v: number, kind: Metric['kind'], difference: boolean | undefined): string => {
  if (!difference) return formatValue(v, kind);
  const sign = v >= 0 ? '+' : '';
  return kind === 'rate' ? `${sign}${(100 * v).toFixed(1)} pp` : `${sign}${formatValue(v, kind)}`;
};

/**
 * The parts every renderer prints for a statistic: its value ("—" when undefined), its interval,
 * and further lines (test, the judge-corrected value, a paired effect's p and Holm p). Terminal,
 * HTML and exports join them their own way, so a number reads the same everywhere.
 */
export function statParts(s: StatLike): { value: string; ci: string; more: string[] } {
  const value = s.value === null ? '—' : signed(s.value, s.kind, s.difference);
  let ci = '';
  if (s.ci && s.ci.low !== null && s.ci.high !== null) {
    ci = s.difference && s.kind === 'rate' ? `[${(100 * s.ci.low).toFixed(1)}, ${(100 * s.ci.high).toFixed(1)}]` : `[${formatValue(s.ci.low, s.kind)}, ${formatValue(s.ci.high, s.kind)}]`;
  }
  const more: string[] = [];
  if (s.test) more.push(formatTest({ name: '', label: '', value: s.value, n: s.n, test: s.test }));
  if (s.p !== undefined) more.push(`p ${formatP(s.p)}${s.pHolm !== undefined ? ` · Holm ${formatP(s.pHolm)}` : ''}`);
  if (s.corrected) {
    const c = statParts(s.corrected);
    more.push(`corrected ${s.corrected.value === null ? undefinedText(s.corrected) : `${c.value}${c.ci ? ` ${c.ci}` : ''}`}`);
  }
  return { value, ci, more };
}

/**
 * A paired contrast (B − A, or mitigated − baseline) as every screen prints it: the difference with
 * its interval, then its test's p-value (and Holm's) when defined; "—" with its n when undefined.
 */
export function contrastLines(s: StatLike | null): string[] {
  if (!s) return ['—'];
  if (s.value === null) return [undefinedText(s)];
  const p = statParts(s);
  return [p.ci ? `${p.value} ${p.ci}` : p.value, ...p.more];
}

/** An undefined statistic as every screen prints it: "— (n = 0)", with the answers left out of n when any. */
export function undefinedText(s: { n: number; excluded?: Excluded }): string {
  return `— (${nText(s.n, s.excluded)})`;
}

/** A statistic on one line: its value and interval as statParts prints them ("+30.0 pp [10.0, 50.0]"), "—" for none. */
export function statText(s: StatLike | null): string {
  if (!s) return '—';
  const p = statParts(s);
  return p.ci ? `${p.value} ${p.ci}` : p.value;
}

type UsageJson = NonNullable<import('../results/schema.js').Results['usage']>;

/** A model's cost: "$0.0123", "no price" for a model with tokens but no price (never "$0.0000"), '' without tokens. */
export function usageCost(u: UsageJson['rows'][number]): string {
  // no answer said what it used: the cost is unknown, not $0
  if (usageUnknown(u)) return '—';
  if (u.cost !== undefined) return `$${u.cost.toFixed(4)}${u.withoutUsage > 0 ? ' or more' : ''}`;
  return u.inputTokens + u.outputTokens > 0 ? 'no price' : '';
}

/** Every live answer of the model came without usage (an OpenAI stream without its usage chunk, Gemini without usageMetadata). */
export function usageUnknown(u: UsageJson['rows'][number]): boolean {
  return u.withoutUsage > 0 && u.withoutUsage >= u.requests - u.cachedRequests;
}

/** "120 in / 30 out tokens", "usage not reported", or the counts with the answers that did not report theirs. */
export function usageTokens(u: UsageJson['rows'][number]): string {
  if (usageUnknown(u)) return `usage not reported (${u.withoutUsage} answer(s))`;
  const tokens = `${u.inputTokens} in / ${u.outputTokens} out tokens`;
  return u.withoutUsage > 0 ? `${tokens} (usage not reported for ${u.withoutUsage} answer(s): at least this many)` : tokens;
}

/**
 * The usage total: "total $0.0123 (prices as of …)"; with unpriced models, the total is of the
 * priced ones and says so; with nothing priced, "total: no price".
 */
export function usageTotal(usage: UsageJson): string {
  const asOf = `prices as of ${usage.pricesAsOf}`;
  const priced = usage.rows.some((r) => r.cost !== undefined && r.inputTokens + r.outputTokens > 0);
  const unreported = usage.rows.reduce((a, r) => a + r.withoutUsage, 0);
  if (unreported > 0) {
    // answers without usage cost something unknown: the total is a lower bound, or unknown
    if (!priced) return `total: — (usage not reported for ${unreported} answer(s); ${asOf})`;
    return `total at least $${usage.total.toFixed(4)} (usage not reported for ${unreported} answer(s)${usage.unpriced.length > 0 ? `; no price for ${usage.unpriced.join(', ')}` : ''}; ${asOf})`;
  }
  if (usage.unpriced.length === 0) return `total $${usage.total.toFixed(4)} (${asOf})`;
  if (!priced) return `total: no price (no price for ${usage.unpriced.join(', ')}; ${asOf})`;
  return `total $${usage.total.toFixed(4)} for the priced models; no price for ${usage.unpriced.join(', ')} (${asOf})`;
}

/** A warning as every screen words it: its source, then its message; the source once when the message starts by naming it. */
export const warningWords = (w: { source: string; message: string }): string => (w.message.startsWith(w.source) ? w.message : `${w.source}: ${w.message}`);
