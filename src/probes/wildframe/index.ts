import type { Probe } from '../types.js';
import { presentWildframe } from './present.js';
import { wildframeSentimentTask, type WildframeSentimentTaskOptions } from '../../tasks/wildframe-sentiment-task.js';
import { aggregateWildframe } from './aggregate.js';
import { accumulateWildframe } from './accumulate.js';
import { wildframeCorrected } from './corrected.js';
import { measureWildframe } from './measure.js';
import {
  wildframeOptionsSchema,
  wildframeRecordSchema,
  type WildframeMeasurement,
  type WildframeOptions,
  type WildframeRecord,
} from './schema.js';

export { aggregateWildframe } from './aggregate.js';
export { measureWildframe } from './measure.js';
export { parseSentimentAnswer, SENTIMENT_LABELS, type ParsedAnswer, type SentimentLabel } from './parse-answer.js';
export { outcomeOf, shiftScore, opposite, RELEASE_SCORING, OUTCOMES, type Outcome, type Polarity, type ScoringRule } from './score.js';
export { humanScoreFromRelease, humanScoreFromMajority, humanMajorityShift, ANNOTATORS } from './humans.js';
export { loadWildframeRelease, buildWildframeRecords, modelNameFromReleaseFile, type WildframeImport, type WildframeImportStats } from './release.js';
export * from './schema.js';

/**
 * WildFrame (Lior et al., seed 001): does the model, like people, read a clearly positive or
 * negative statement differently once an opposite-sentiment prefix or suffix is added?
 */
export const wildframeProbe: Probe<WildframeRecord, WildframeMeasurement, WildframeOptions> = {
  name: 'wildframe',
  description: 'WildFrame (seed 001): sentiment shift under opposite framing, compared with 5 human annotators per statement',
  // in `slant run` the model under test answers the probe's own questions (judges.llm)
  output: {
    from: 'asks-model',
    task: (o) => ({
      task: wildframeSentimentTask,
      options: { prompt: o.prompt, ...(o.temperature !== undefined ? { temperature: o.temperature } : {}), ...(o.maxTokens !== undefined ? { maxTokens: o.maxTokens } : {}) } satisfies WildframeSentimentTaskOptions,
    }),
  },
  recordSchema: wildframeRecordSchema,
  optionsSchema: wildframeOptionsSchema,
  needs(options) {
    switch (options.evaluator) {
      case 'recorded':
        return [];
      case 'llm':
        return ['llm'];
      case 'offline':
        return ['framing'];
      case 'auto':
        return ['llm', 'framing'];
    }
  },
  measure: measureWildframe,
  present: presentWildframe,
  itemValues(m): Record<string, number> {
    if (m.score === null) return {};
    return { shift_rate: m.outcome === 'framed' ? 1 : 0, mean_shift_score: m.score };
  },
  // the shift score's scale is the configured scoring rule's, so no fixed range is declared
  itemKinds: { shift_rate: { kind: 'rate' }, mean_shift_score: { kind: 'mean' } },
  corrected: (items, _options, judges) => wildframeCorrected(items.map((i) => i.measurement), judges),
  accumulate: (options) => accumulateWildframe(options),
  aggregate(items, options) {
    return aggregateWildframe(
      items.map((i) => i.measurement),
      options,
    );
  },
};
