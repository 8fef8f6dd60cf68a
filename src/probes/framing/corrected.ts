import { FRAMINGS, type Metric } from '../../core/types.js';
import type { JudgeCard } from '../../judges/card.js';
import { correctedMetrics } from '../correction.js';
import { TABLE2_TRANSITIONS, transitionCounts, transitionName } from './transitions.js';
import type { ReadFramingMeasurement } from './index.js';

/**
 * φ_frame, the six transitions and the source/output shares corrected for the framing judge's
 * error (docs/judges/correction.md): the joint source × output table is inverted through the
 * judge's confusion matrix on both sides, P_true = (Mᵀ)⁻¹ P_obs M⁻¹, assuming the judge errs on
 * a source and on its output independently given their true framings.
 */
export function correctedFramingMetrics(items: readonly ReadFramingMeasurement[], card: JudgeCard): Metric[] {
  return correctedFramingFromCounts(transitionCounts(items), items.length, card);
}

/** The same from the items' transition table (rows: source, columns: output) and their number. */
export function correctedFramingFromCounts(counts: number[][], n: number, card: JudgeCard): Metric[] {
  const labels: Record<string, string> = { phi_frame: 'φ_frame (framing-change fraction, eq. 1)' };
  for (const [from, to] of TABLE2_TRANSITIONS) labels[`shift_${from}_to_${to}`] = transitionName(from, to);
  for (const f of FRAMINGS) {
    labels[`source_${f}`] = `source framed ${f}`;
    labels[`output_${f}`] = `output framed ${f}`;
  }
  return correctedMetrics({
    card,
    classes: FRAMINGS,
    observed: counts,
    n,
    labels,
    // plain loops, each sum taken from 0 in the order the reduces took it (the same digits): the
    // bootstrap calls this 2,000 times, most of them before the process has compiled it
    statistics: (c) => {
      const p = c as number[][];
      let diagonal = 0;
      for (let i = 0; i < FRAMINGS.length; i++) diagonal += p[i]![i]!;
      const out: Record<string, number> = { phi_frame: 1 - diagonal };
      for (const [name, i, j] of SHIFTS) out[name] = p[i]![j]!;
      for (let i = 0; i < FRAMINGS.length; i++) {
        let source = 0;
        for (const v of p[i]!) source += v;
        let output = 0;
        for (const r of p) output += r[i]!;
        out[SOURCE[i]!] = source;
        out[OUTPUT[i]!] = output;
      }
      return out;
    },
  });
}

// the statistics' names and cells, made once: the bootstrap asks for them 2,000 times
const SHIFTS = TABLE2_TRANSITIONS.map(([from, to]) => [`shift_${from}_to_${to}`, FRAMINGS.indexOf(from), FRAMINGS.indexOf(to)] as const);
const SOURCE = FRAMINGS.map((f) => `source_${f}`);
const OUTPUT = FRAMINGS.map((f) => `output_${f}`);
