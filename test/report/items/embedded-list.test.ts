import { describe, expect, it } from 'vitest';
import { EmbeddedItemList } from '../../../src/report/items/embedded-list.js';
import type { ItemSummary } from '../../../src/probes/item-view.js';

const s = (probe: string, model: string, recordId: string, tags: string[], condition?: string): ItemSummary => ({
  probe,
  labels: { model, dataset: 'd', ...(condition ? { condition } : {}) },
  recordId,
  tags,
  scores: [['φ', recordId.length > 3 ? '</script>' : '1']],
});

describe('the embedded item list, built one summary at a time', () => {
  it('writes each row as compact JSON text (cell index, id, tags, scores) that cannot close the script element', () => {
    const list = EmbeddedItemList.of([s('framing', 'a', 'r1', ['changed']), s('framing', 'b', 'r1', []), s('framing', 'a', 'long-id', ['x'])]);
    expect(list.length).toBe(3);
    expect(list.cells).toEqual([
      { probe: 'framing', labels: { model: 'a', dataset: 'd' } },
      { probe: 'framing', labels: { model: 'b', dataset: 'd' } },
    ]);
    const text = `[${list.rowTexts().join(',')}]`;
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual([
      [0, 'r1', ['changed'], [['φ', '1']]],
      [1, 'r1', [], [['φ', '1']]],
      [0, 'long-id', ['x'], [['φ', '</script>']]],
    ]);
  });

  it("gathers the filters' values: sorted, distinct, no empty value, no condition tag, the baseline first when there are conditions", () => {
    const list = EmbeddedItemList.of([s('primacy', 'b', 'r1', ['primacy', 'condition:cot']), s('framing', 'a', 'r2', ['changed'], 'cot'), s('framing', 'a', 'r3', ['changed'], 'baseline')]);
    expect(list.facets({ probes: ['position'], tags: ['zeta'] })).toEqual({
      probes: ['framing', 'position', 'primacy'],
      models: ['a', 'b'],
      datasets: ['d'],
      conditions: ['baseline', 'cot'],
      tags: ['changed', 'primacy', 'zeta'],
    });
    expect(EmbeddedItemList.of([s('framing', 'a', 'r1', [])]).facets().conditions).toEqual([]);
  });
});
