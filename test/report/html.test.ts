import { describe, expect, it } from 'vitest';
import { pooledDetails, pooledDetailsJson } from '../../src/report/html.js';
import { jsonForScript } from '../../src/report/items/embedded-list.js';
import type { ItemDetail } from '../../src/probes/item-view.js';

const detail = (recordId: string, source: string, output: string): ItemDetail => ({
  probe: 'framing',
  labels: { model: 'm', dataset: 'd' },
  recordId,
  tags: ['changed'],
  scores: [['source framing', 'negative']],
  texts: [
    { title: 'source', text: source, parts: [[0, 4, 'beginning']] },
    { title: 'output', text: output },
  ],
  sections: [{ title: 'judge said <b>"no"</b>', text: 'line\none' }],
} as ItemDetail);

describe("the embedded details' JSON", () => {
  it('is the same text as jsonForScript of the pooled details, each distinct text once', () => {
    const shared = 'A long plain source text. It says nothing to escape.';
    const details = [
      detail('r1', shared, 'A plain summary.'),
      detail('r2', shared, 'A summary with "quotes", a </script> and a\nbreak.'),
      detail('r3', 'Café ß 😀 \u2028 and a lone \ud800.', ''),
    ];
    const json = pooledDetailsJson(details);
    expect(json).toBe(jsonForScript(pooledDetails(details)));
    const parsed = JSON.parse(json) as { pool: string[]; details: Record<string, { texts: { ref: number }[] }> };
    expect(parsed.pool.filter((t) => t === shared)).toHaveLength(1);
    expect(parsed.pool).toContain('A summary with "quotes", a </script> and a\nbreak.');
    expect(json).not.toContain('</script>');
  });
});
