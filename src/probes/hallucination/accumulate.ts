import { CodedColumn } from '../../core/coded-column.js';
import type { ItemAccumulator } from '../types.js';
import { aggregateHallucination } from './aggregate.js';
import type { HallucinationMeasurement, HallucinationOptions, ItemVerdict } from './schema.js';

/** What aggregateHallucination reads of an answer: its verdict, confidence tag and why it could not be read. */
type VerdictShape = Pick<ItemVerdict, 'verdict' | 'confidence' | 'exclusion'>;

/** What aggregateHallucination reads of an item: its period, the model with its cutoff, and the two answers' shapes. */
type HallucinationShape = Pick<HallucinationMeasurement, 'model' | 'cutoff' | 'cutoffSource' | 'period'> & { actual: VerdictShape; falsified: VerdictShape };

const verdictShape = (v: ItemVerdict): VerdictShape => ({ verdict: v.verdict, confidence: v.confidence, ...(v.exclusion !== undefined ? { exclusion: v.exclusion } : {}) });

/**
 * Hallucination's numbers made one item at a time (Probe.accumulate). They are counts, and the
 * group's items take only a handful of shapes (period × two verdicts × confidence tags × reasons ×
 * model): each item is kept as the code of its shape (a byte while a group has at most 256), never
 * its answers' text or its date, and the numbers are aggregateHallucination's over the shapes in
 * the items' order, so they have its exact digits and its formulas stay in one place.
 */
export function accumulateHallucination(options: Pick<HallucinationOptions, 'unparseable'>): ItemAccumulator<HallucinationMeasurement> {
  const shapes = new CodedColumn<HallucinationShape>();
  return {
    add(m) {
      const s: HallucinationShape = { model: m.model, cutoff: m.cutoff, cutoffSource: m.cutoffSource, period: m.period, actual: verdictShape(m.actual), falsified: verdictShape(m.falsified) };
      shapes.push(JSON.stringify(s), s);
    },
    // the shapes carry every field the aggregate reads (the equality tests vary each of them)
    aggregate: () => aggregateHallucination(shapes.toArray() as HallucinationMeasurement[], options),
  };
}
