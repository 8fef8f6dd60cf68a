/**
 * A probe for a bias none of the four papers measures: hedging removal. A summary or rewrite that
 * drops the source's hedges ("may", "suggests", "approximately") states a tentative finding as a
 * fact. Per item: hedges per 100 words in the source and in the output; per group: the share of
 * hedged sources whose output keeps none (hedge_removal, a rate with its Wilson interval) and the
 * mean change in hedges per 100 words (hedge_rate_change, with its t interval).
 *
 * It needs no judge and no task of its own: in `slant run` the model summarizes `source` into
 * `output` (the default task), so every mitigation that wraps summarizing applies to it.
 */
import { readFileSync } from 'node:fs';
import { definePlugin, defineProbe, meanMetric, metricOf, proportionMetric, statOf, summaryOf, z } from 'slant';

const HEDGES = new Set(JSON.parse(readFileSync(new URL('./hedges.json', import.meta.url), 'utf8')).words);

/** Hedges and words of a text (lower-cased words of letters and apostrophes). */
export function hedgeCount(text) {
  const words = text.toLowerCase().match(/[a-z']+/g) ?? [];
  return { hedges: words.filter((w) => HEDGES.has(w)).length, words: words.length };
}

const per100 = ({ hedges, words }) => (words === 0 ? 0 : (100 * hedges) / words);

const hedgingProbe = {
  name: 'hedging',
  description: 'hedging removal: does the output drop the hedges its source carries?',
  fields: [
    { name: 'source', required: true, description: 'the text the model summarizes' },
    { name: 'output', required: true, description: "the model's summary (written by the model in slant run)" },
  ],
  recordSchema: z.object({ id: z.string(), source: z.string().min(1), output: z.string() }),
  optionsSchema: z
    .object({ minSourceHedges: z.number().int().positive().default(1).describe('hedges a source needs to count for hedge_removal') })
    .strict(),
  needs: () => [],
  async measure(record) {
    const source = hedgeCount(record.source);
    const output = hedgeCount(record.output);
    return { sourceHedges: source.hedges, outputHedges: output.hedges, sourceRate: per100(source), outputRate: per100(output) };
  },
  itemValues(m, options) {
    const change = { hedge_rate_change: m.outputRate - m.sourceRate };
    return m.sourceHedges >= options.minSourceHedges ? { ...change, hedge_removal: m.outputHedges === 0 ? 1 : 0 } : change;
  },
  itemKinds: { hedge_removal: { kind: 'rate' }, hedge_rate_change: { kind: 'mean' } },
  aggregate(items, options) {
    const hedged = items.filter((i) => i.measurement.sourceHedges >= options.minSourceHedges);
    const removed = hedged.filter((i) => i.measurement.outputHedges === 0).length;
    return {
      metrics: [
        proportionMetric('hedge_removal', 'hedge removal (hedged sources whose output keeps no hedge)', removed, hedged.length),
        meanMetric('hedge_rate_change', 'hedges per 100 words, output − source', items.map((i) => i.measurement.outputRate - i.measurement.sourceRate)),
      ],
    };
  },
};

export default definePlugin({
  probes: [
    defineProbe({
      name: 'hedging',
      load: async () => hedgingProbe,
      // what the report, the terminal and the viewer show for one group
      present: async () => (group) => ({
        tables: [
          {
            id: 'hedging',
            title: 'Hedging removal: hedges of the source dropped by the output',
            columns: ['metric', 'value'],
            rows: [
              ['hedge removal', statOf(metricOf(group, 'hedge_removal'))],
              ['hedges per 100 words, output − source', statOf(metricOf(group, 'hedge_rate_change'))],
            ],
          },
        ],
        figures: [],
      }),
      // how the item list and an item's page show one measured item
      items: async () => ({
        summary: (input) => summaryOf(input, input.measurement.sourceHedges > 0 && input.measurement.outputHedges === 0 ? ['hedges-removed'] : [], [
          ['source hedges', String(input.measurement.sourceHedges)],
          ['output hedges', String(input.measurement.outputHedges)],
        ]),
        detail: (input) => ({
          ...summaryOf(input, [], [
            ['source hedges', String(input.measurement.sourceHedges)],
            ['output hedges', String(input.measurement.outputHedges)],
          ]),
          texts: [
            { title: 'source', text: String(input.fields?.source ?? '') },
            { title: 'output', text: String(input.output?.text ?? input.fields?.output ?? '') },
          ],
          sections: [],
        }),
      }),
    }),
  ],
});
