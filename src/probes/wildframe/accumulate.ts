import { CodedColumn } from '../../core/coded-column.js';
import type { ItemAccumulator } from '../types.js';
import { aggregateWildframe } from './aggregate.js';
import { wildframeCorrected } from './corrected.js';
import type { WildframeMeasurement, WildframeOptions } from './schema.js';

/** What WildFrame's numbers read of an item (aggregate and corrected): its base, who labelled it and how, its scores and the release's label. */
type WildframeShape = Pick<WildframeMeasurement, 'baseSentiment' | 'evaluator' | 'label' | 'outcome' | 'score' | 'exclusion' | 'humanScore' | 'releaseLabel' | 'value'>;

function shapeOf(m: WildframeMeasurement): WildframeShape {
  const s: WildframeShape = { baseSentiment: m.baseSentiment, evaluator: m.evaluator, label: m.label, outcome: m.outcome, score: m.score };
  if (m.exclusion !== undefined) s.exclusion = m.exclusion;
  if (m.humanScore !== undefined) s.humanScore = m.humanScore;
  if (m.releaseLabel !== undefined) s.releaseLabel = m.releaseLabel;
  if (m.value !== undefined) s.value = m.value;
  return s;
}

/**
 * WildFrame's numbers made one item at a time (Probe.accumulate). An item's numbers come from a
 * few discrete fields (base, label, outcome, a score of the scoring rule, a human score 0–5), so
 * each item is kept as the code of its shape (a byte while a group has at most 256), never its
 * answer's text; the numbers are aggregateWildframe's and the corrected rates wildframeCorrected's
 * over the shapes in the items' order (the Pearson r and the means sum in that order): the same
 * digits, and the formulas in one place.
 */
export function accumulateWildframe(options: Pick<WildframeOptions, 'humansMajority'>): ItemAccumulator<WildframeMeasurement> {
  const shapes = new CodedColumn<WildframeShape>();
  // the shapes carry every field the numbers read (the equality tests vary each of them)
  const items = (): WildframeMeasurement[] => shapes.toArray() as WildframeMeasurement[];
  return {
    add(m) {
      const s = shapeOf(m);
      shapes.push(JSON.stringify(s), s);
    },
    aggregate: () => aggregateWildframe(items(), options),
    corrected: (judges) => wildframeCorrected(items(), judges),
  };
}
