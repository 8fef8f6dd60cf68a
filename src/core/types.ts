/** Shared vocabulary of slant. Keep this file small: only types used across layers. */
import type { z } from 'zod';
import type { groupResultSchema, instrumentSchema, intervalSchema, metricSchema, tableSchema, testSchema } from './result-schema.js';

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

/** An interval around an estimate; a statistical test; one number a probe reports (defined in result-schema.ts). */
export type Interval = z.infer<typeof intervalSchema>;
export type TestResult = z.infer<typeof testSchema>;
export type Metric = z.infer<typeof metricSchema>;
/** A small table a probe reports beside its metrics; a group's metrics and tables. */
export type ResultTable = z.infer<typeof tableSchema>;
export type GroupResult = z.infer<typeof groupResultSchema>;

/** Identity of an instrument (judge, embedder, model) recorded with every result. */
export type InstrumentId = z.infer<typeof instrumentSchema>;
