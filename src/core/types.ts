/** Shared vocabulary of slant. Keep this file small: only types used across layers. */
import type { Excluded } from './excluded.js';

export type Framing = 'positive' | 'negative' | 'neutral';
export const FRAMINGS: readonly Framing[] = ['positive', 'negative', 'neutral'] as const;

/**
 * A model's answer whose label could not be read (src/text/answer-reader.ts): why, and the
 * answer as written. Counted apart from every number (a metric's `excluded`), never guessed.
 */
export interface UnreadableAnswer {
  unreadable: string;
  answer: string;
  /** the key it is counted under in a metric's `excluded` when not 'unreadable' (e.g. 'truncated': cut at the token limit) */
  exclusion?: string;
}

export function isUnreadableAnswer(v: unknown): v is UnreadableAnswer {
  return typeof v === 'object' && v !== null && typeof (v as { unreadable?: unknown }).unreadable === 'string';
}

/** The key an unreadable answer is counted under in a metric's `excluded`. */
export function exclusionOf(u: UnreadableAnswer): string {
  return u.exclusion ?? 'unreadable';
}

/** A 95% (or other level) interval around an estimate. */
export interface Interval {
  low: number;
  high: number;
  /** confidence level, e.g. 0.95 */
  level: number;
  /** how it was computed: 'wilson', 'bootstrap-percentile', 't', 'fisher-z', 'clopper-pearson', ... */
  method: string;
}

/** A statistical test attached to a metric (e.g. the paired t-test of Table A4). */
export interface TestResult {
  name: string;
  statistic: number;
  df?: number;
  pValue: number;
  alternative?: 'two-sided' | 'less' | 'greater';
}

/** One number a probe reports. Always carries n; an interval wherever one is defined. */
export interface Metric {
  /** machine name, e.g. 'phi_frame', 'psi_pri', 'mean_s_b' */
  name: string;
  /** human label, e.g. 'φ_frame (framing-change fraction)' */
  label: string;
  /** null when undefined (n = 0 or no defined value): printed as "—", never 0 */
  value: number | null;
  n: number;
  ci?: Interval;
  test?: TestResult;
  /** 'rate' values are fractions in [0,1] shown as percentages */
  kind: 'rate' | 'mean' | 'count' | 'statistic';
  /**
   * items asked but not in n, by reason (src/core/excluded.ts): "n = 172 · 28 unreadable".
   * Absent when every item counted.
   */
  excluded?: Excluded;
}

/** Identity of an instrument (judge, embedder, model) recorded with every result. */
export interface InstrumentId {
  id: string;
  version: string;
}
