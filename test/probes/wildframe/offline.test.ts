import { describe, expect, it } from 'vitest';
import { createFramingJudge } from '../../../src/judges/registry.js';
import { wildframeOptionsSchema, wildframeProbe } from '../../../src/probes/wildframe/index.js';

describe('wildframe with the offline framing judge (no network)', () => {
  it('serves as the evaluation model when there is no prediction and no LLM', async () => {
    const framing = await createFramingJudge('offline');
    const options = wildframeOptionsSchema.parse({});
    const items = [];
    const records = [
      { id: 'a', base: 'The battery died after a week.', baseSentiment: 'negative' as const, framed: 'The battery died after a week, but honestly the rest is wonderful, I love it and the sound is fantastic!', humanScore: 5 },
      { id: 'b', base: 'I love these shoes.', baseSentiment: 'positive' as const, framed: 'I love these shoes. They are awful, terrible, cheap junk that broke in a day and I hate them.', humanScore: 4 },
    ];
    for (const r of records) items.push({ recordId: r.id, measurement: await wildframeProbe.measure(r, { judges: { framing }, options }) });
    expect(items.map((i) => [i.measurement.evaluator, i.measurement.outcome])).toEqual([
      ['framing', 'framed'],
      ['framing', 'framed'],
    ]);
    const { metrics } = wildframeProbe.aggregate(items, options);
    expect(metrics.find((m) => m.name === 'shift_rate')).toMatchObject({ value: 1, n: 2 });
    // the offline judge carries a card, so the judged shift rates get corrected estimates beside the raw ones
    const corrected = wildframeProbe.corrected!(items, options, { framing });
    expect(corrected.judges).toEqual([{ id: framing.id, version: framing.version, card: framing.card }]);
    expect(corrected.metrics.map((m) => m.name).sort()).toEqual(['neutral_rate_corrected', 'shift_rate_base_negative_corrected', 'shift_rate_base_positive_corrected', 'shift_rate_corrected']);
    expect(corrected.metrics.every((m) => m.n === 2 && m.value !== null && m.value >= 0 && m.value <= 1)).toBe(true);
  });
});
