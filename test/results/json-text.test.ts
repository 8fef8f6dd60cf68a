import { describe, expect, it } from 'vitest';
import { isLazyArray, lazyArray } from '../../src/core/lazy-array.js';
import { resultsJsonText, writtenResults } from '../../src/results/json-text.js';
import { RESULTS_SCHEMA_ID, type Results } from '../../src/results/schema.js';

const results = (perArticle: unknown): Results => ({
  schema: RESULTS_SCHEMA_ID,
  slant: { version: 't' },
  run: { id: 'r', command: 'measure', createdAt: 'c', finishedAt: 'f', status: 'completed' },
  models: [],
  datasets: [],
  probes: [{ probe: 'position', options: {}, judges: [], groups: [{ labels: { model: 'm' }, n: 2, metrics: [{ name: 'w', label: 'W', value: Number.NaN, n: 2, kind: 'statistic' }], extra: { perArticle, note: 'key sk-abcdefghijklmnopqrstuvwx' } }], items: [] }],
  warnings: [],
});

describe('the results the report pages render from', () => {
  it('are results.json parsed back (redacted, NaN as null), with a list made when read kept as that list', () => {
    let built = 0;
    const table = lazyArray(3, (i) => {
      built++;
      return { id: `a${i}`, w: i / 3 };
    });
    const written = writtenResults(results(table));
    expect(built).toBe(0);
    const extra = written.probes[0]!.groups[0]!.extra!;
    expect(extra['perArticle']).toBe(table);
    expect(isLazyArray(extra['perArticle'])).toBe(true);
    expect(extra['note']).toBe('key [redacted]');
    expect(written.probes[0]!.groups[0]!.metrics[0]!.value).toBeNull();
    // the same as results.json but for the list, which is the same list
    expect(JSON.stringify(written)).toBe(JSON.stringify(JSON.parse(resultsJsonText(results(table)))));
  });

  it('are results.json parsed back when no list is made when read', () => {
    const plain = results([{ id: 'a0' }]);
    expect(writtenResults(plain)).toEqual(JSON.parse(resultsJsonText(plain)));
  });
});
