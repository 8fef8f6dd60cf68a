/**
 * Seed 004's pre-specified quality filters (§3.2, App. B: "3 for excessive off-screen time, 1 for
 * fast uniform responses, and 5 for failing the attention check"). The seed does not print its
 * thresholds; slant's defaults are below and every one is an option. Each exclusion is reported
 * with its reason and the numbers behind it.
 */
import { median } from '../stats/quantile.js';
import type { AnswerRecord } from './answers.js';

export interface QualityOptions {
  /** exclude an annotator who failed more than this many attention checks (default 0; null = off) */
  maxAttentionFailures: number | null;
  /** exclude when off-screen time exceeds this share of the time spent on items (default 0.5; null = off) */
  maxOffscreenShare: number | null;
  /** fast uniform responses: median time per item below this (ms, default 2000) ... */
  fastMs: number | null;
  /** ... and at least this share of task answers on one value (default 0.8) */
  uniformShare: number;
  /** exclude when the share of gold items answered right is below this (seed 004's screening asked 4 of 5; default off) */
  minGoldAccuracy?: number | null;
}

export const DEFAULT_QUALITY: QualityOptions = { maxAttentionFailures: 0, maxOffscreenShare: 0.5, fastMs: 2000, uniformShare: 0.8 };
export const NO_FILTERS: QualityOptions = { maxAttentionFailures: null, maxOffscreenShare: null, fastMs: null, uniformShare: 1 };

export interface Exclusion {
  annotator: string;
  filter: 'attention' | 'offscreen' | 'fast-uniform' | 'gold';
  reason: string;
}

export interface QualityReport {
  kept: string[];
  excluded: Exclusion[];
  options: QualityOptions;
}

export function applyQualityFilters(answers: readonly AnswerRecord[], annotators: readonly string[], opts: QualityOptions = DEFAULT_QUALITY): QualityReport {
  const byAnnotator = new Map<string, AnswerRecord[]>(annotators.map((a) => [a, []]));
  for (const a of answers) byAnnotator.get(a.annotator)?.push(a);
  const excluded: Exclusion[] = [];
  for (const [who, rows] of byAnnotator) {
    if (opts.maxAttentionFailures !== null) {
      const checks = rows.filter((r) => r.role === 'attention');
      const failed = checks.filter((r) => r.correct === false).length;
      if (failed > opts.maxAttentionFailures) excluded.push({ annotator: who, filter: 'attention', reason: `failed ${failed} of ${checks.length} attention check(s) (allowed ${opts.maxAttentionFailures})` });
    }
    if (opts.maxOffscreenShare !== null && rows.length > 0) {
      const on = rows.reduce((s, r) => s + r.msOnItem, 0);
      const off = rows.reduce((s, r) => s + r.msHidden, 0);
      const share = on > 0 ? off / on : 0;
      if (share > opts.maxOffscreenShare) excluded.push({ annotator: who, filter: 'offscreen', reason: `off-screen ${(off / 1000).toFixed(1)} s of ${(on / 1000).toFixed(1)} s on items (${(100 * share).toFixed(0)}% > ${(100 * opts.maxOffscreenShare).toFixed(0)}%)` });
    }
    const gold = rows.filter((r) => r.role === 'gold');
    if (opts.minGoldAccuracy !== undefined && opts.minGoldAccuracy !== null && gold.length > 0) {
      const right = gold.filter((r) => r.correct === true).length;
      if (right / gold.length < opts.minGoldAccuracy) excluded.push({ annotator: who, filter: 'gold', reason: `${right} of ${gold.length} gold item(s) right (< ${(100 * opts.minGoldAccuracy).toFixed(0)}%)` });
    }
    const tasks = rows.filter((r) => r.role === 'task');
    if (opts.fastMs !== null && tasks.length >= 3) {
      const med = median(tasks.map((r) => r.msOnItem));
      const counts = new Map<string, number>();
      for (const r of tasks) counts.set(r.value, (counts.get(r.value) ?? 0) + 1);
      const [modal, c] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
      const share = c / tasks.length;
      if (med < opts.fastMs && share >= opts.uniformShare) {
        excluded.push({ annotator: who, filter: 'fast-uniform', reason: `median ${(med / 1000).toFixed(1)} s per item (< ${(opts.fastMs / 1000).toFixed(1)} s) with ${(100 * share).toFixed(0)}% of answers "${modal}" (≥ ${(100 * opts.uniformShare).toFixed(0)}%)` });
      }
    }
  }
  const out = new Set(excluded.map((e) => e.annotator));
  return { kept: annotators.filter((a) => !out.has(a)), excluded, options: opts };
}
