import { describe, expect, it } from 'vitest';
import { EmbeddedItemList, jsonForScript, textForScript } from '../../../src/report/items/embedded-list.js';
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

describe('a text as a report script holds it', () => {
  it('is the text in quotes when nothing in it is escaped, and jsonForScript of it otherwise', () => {
    expect(textForScript('A plain review, 5 stars: fine & cheap > 4.')).toBe('"A plain review, 5 stars: fine & cheap > 4."');
    const awkward = ['say "hi"', 'back\\slash', 'a</script>b', 'line\nbreak', 'tab\there', '\u0000nul', 'sep\u2028para\u2029', 'lone \ud800 surrogate', 'emoji 😀 pair', 'é café ß', '', '\u001f\u007f'];
    for (const s of awkward) {
      expect(textForScript(s)).toBe(jsonForScript(s));
      // the page reads back the very text
      expect(JSON.parse(textForScript(s))).toBe(s);
    }
    expect(textForScript('a</script>b')).not.toContain('<');
  });
});
