/**
 * The `position` probe: position bias in summarization (seed 003, Chhabra et al.). See
 * docs/probes/position.md for the equations and the compatible modes.
 */
import { positionSummaryTask, type PositionSummaryTaskOptions } from '../../tasks/position-summary-task.js';
import type { GroupResult, Probe } from '../types.js';
import { presentPosition } from './present.js';
import { accumulatePosition } from './accumulate.js';
import { aggregatePositionColumns, aggregatePositionGroups, positionTables, type PositionAggregate } from './aggregate.js';
import { measurePosition, type PositionMeasurement } from './measure.js';
import { positionOptionsSchema, positionRecordSchema, type PositionOptions, type PositionRecord } from './schema.js';

export { aggregatePositionGroups, aggregatePositionColumns, positionTables, spearmanAcrossSystems } from './aggregate.js';
export { goldCounts, PositionColumns } from './accumulate.js';
export type { PositionAggregate, SpearmanRow, PositionItem } from './aggregate.js';
export { measurePosition, toSentences } from './measure.js';
export type { PositionMeasurement, OutputMeasurement } from './measure.js';
export { positionOptionsSchema, positionRecordSchema, SINGLE_OUTPUT } from './schema.js';
export type { PositionOptions, PositionRecord } from './schema.js';
export { segmentBounds, sentenceSegments } from './segments.js';
export type { ShortArticleMode } from './segments.js';
export { placeSummary, topIndices } from './mapping.js';
export type { Placement } from './mapping.js';

export const positionProbe: Probe<PositionRecord, PositionMeasurement, PositionOptions> = {
  name: 'position',
  description:
    'Position bias (seed 003): which segments of the article the summary draws on, compared with the gold summaries (Wasserstein distance), plus ROUGE.',
  recordSchema: positionRecordSchema,
  optionsSchema: positionOptionsSchema,
  needs: (o) => (o.mapper === 'embedding' ? ['embedder'] : []),
  present: presentPosition,
  async measure(record, ctx) {
    const deps: Parameters<typeof measurePosition>[2] = {};
    if (ctx.judges.embedder) deps.embedder = ctx.judges.embedder;
    if (ctx.signal) deps.signal = ctx.signal;
    return measurePosition(record, ctx.options, deps);
  },
  output: {
    from: 'task',
    task: (o) => ({
      task: positionSummaryTask,
      options: { ...(o.preset ? { preset: o.preset } : {}), style: o.promptStyle, sentences: o.sentences, rolePlay: o.rolePlay, seed: o.seed } satisfies PositionSummaryTaskOptions,
    }),
    produces: ['output'],
    key: (o) => JSON.stringify([o.preset ?? null, o.promptStyle, o.sentences, o.rolePlay, o.seed]),
  },
  accumulate: (options) => accumulatePosition(options, (columns, o) => positionGroup(aggregatePositionColumns(columns, o), columns.length)),
  aggregate: (items, options) => positionGroup(aggregatePositionGroups(items, options), items.length),
};

/** A group's numbers: each system's (the group's own when it holds one system), the distributions, and Spearman across systems. */
function positionGroup(agg: PositionAggregate, items: number): Omit<GroupResult, 'labels'> {
  const tables = positionTables(agg);
  const common = {
    goldDistribution: agg.goldDistribution,
    articles: agg.articles,
    excludedArticles: agg.excludedArticles,
    shortArticles: agg.shortArticles,
  };
  const only = agg.groups.length === 1 ? agg.groups[0] : undefined;
  if (only) {
    // one system in this group (the runner's labels name it): its metrics are the group's
    return { metrics: only.metrics, tables: tables.filter((t) => t.name === 'distributions'), extra: { ...only.extra, ...common } };
  }
  return {
    metrics: [{ name: 'articles', label: 'articles measured', value: agg.articles, n: items, kind: 'count' }],
    tables,
    extra: { ...common, systems: agg.groups, spearman: agg.spearman },
  };
}
