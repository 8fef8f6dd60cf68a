import { describe, expect, it } from 'vitest';
import { Store } from '../../src/runtime/store.js';
import { sqliteRunStore } from '../../src/runtime/sqlite-run-store.js';
import { resultsJsonText } from '../../src/results/json-text.js';
import { lazyArray } from '../../src/core/lazy-array.js';
import { redact } from '../../src/core/redact.js';
import { itemCount, writeResultsJson, type ItemSources } from '../../src/results/streamed-items.js';
import { ITEMS_PAGE } from '../../src/runtime/stored-items.js';
import { RESULTS_SCHEMA_ID, type ProbeResult, type Results } from '../../src/results/schema.js';

/** Items of the mitigated cell: more than two batches of steps read together. */
const MITIGATED = 600;

/** A run with a baseline cell larger than one page, a mitigated cell with steps (some without, one without an output), an empty cell and a probe with no cells. */
async function fixture(): Promise<{ full: Results; lean: Results; sources: ItemSources; store: ReturnType<typeof sqliteRunStore>; runId: string }> {
  const store = sqliteRunStore(Store.open(':memory:'));
  const run = await store.createRun({ configJson: '{}', configHash: 'h' });
  const base = { model: 'm', dataset: 'd', condition: 'baseline' };
  const mitigated = { model: 'm', dataset: 'd', condition: 'self-refine' };
  const n = ITEMS_PAGE + 37;
  const items: { cellKey: string; recordId: string; measurement: unknown }[] = [];
  for (let i = 0; i < n; i++) {
    // a value JSON writes as null, nested objects and arrays, text with quotes, newlines and a key-shaped token
    const measurement = { fC: i % 3 === 0 ? 'positive' : 'negative', sB: i / 7, nan: i === 5 ? Number.NaN : i, deep: { a: [1, { b: 'x\n"y"' }] }, note: i === 9 ? 'key sk-abcdefghijklmnopqrstuvwx here' : '' };
    items.push({ cellKey: 'base', recordId: `r${(i * 7919) % n}`, measurement });
  }
  await store.putItems(run.id, items);
  // the mitigated cell's outputs stored in another order than its items, one record without an output, one output without an item
  const mitItems: ProbeResult['items'] = [];
  for (let i = 0; i < MITIGATED; i++) {
    const recordId = i === 0 ? 'a' : i === 1 ? 'b' : `m${(i * 431) % MITIGATED}`;
    const steps = i === 0 || (i > 1 && i % 3 === 0) ? [{ kind: 'draft', text: `draft of ${recordId}` }] : undefined;
    mitItems.push({ labels: mitigated, recordId, measurement: { v: i + 1 }, ...(steps ? { steps: steps as never } : {}) });
  }
  await store.putItems(run.id, mitItems.map((it) => ({ cellKey: 'mit', recordId: it.recordId, measurement: it.measurement })));
  for (const it of [...mitItems].reverse()) {
    if (it.recordId === 'm7') continue;
    await store.putOutput(run.id, 'out|mit', it.recordId, { text: 'final', steps: it.steps ?? [] });
  }
  await store.putOutput(run.id, 'out|mit', 'no-item', { text: 'final', steps: [{ kind: 'draft', text: 'never listed' }] });
  const stored = await store.getItems(run.id, 'base');
  const group = (labels: Record<string, string>, k: number): ProbeResult['groups'][number] => ({ labels, n: k, metrics: [] });
  const full: Results = {
    schema: RESULTS_SCHEMA_ID,
    slant: { version: 't' },
    run: { id: run.id, command: 'measure', createdAt: 'c', finishedAt: 'f', status: 'completed' },
    models: [],
    datasets: [],
    probes: [
      {
        probe: 'framing',
        options: {},
        judges: [],
        groups: [group(base, n), group(mitigated, MITIGATED), group({ model: 'm', dataset: 'e', condition: 'baseline' }, 0)],
        items: [
          ...stored.map((r) => ({ labels: base, recordId: r.recordId, measurement: r.measurement })),
          ...mitItems,
        ],
      },
      { probe: 'primacy', options: {}, judges: [], groups: [], items: [] },
    ],
    warnings: [],
  };
  const lean: Results = { ...full, probes: full.probes.map((p) => ({ ...p, items: [] })) };
  const sources: ItemSources = new Map([
    [
      'framing',
      [
        { cellKey: 'base', labels: base },
        { cellKey: 'mit', labels: mitigated, stepsKey: 'out|mit' },
        { cellKey: 'empty', labels: { model: 'm', dataset: 'e', condition: 'baseline' } },
      ],
    ],
    ['primacy', []],
  ]);
  return { full, lean, sources, store, runId: run.id };
}

describe('results JSON with the items read from the store', () => {
  it('writes the same text as the results with their items in hand (indented: results.json; one line: --json)', async () => {
    const { full, lean, sources, store, runId } = await fixture();
    const chunks: string[] = [];
    await writeResultsJson(lean, { store, runId, sources }, (t) => chunks.push(t));
    expect(chunks.length).toBeGreaterThan(3);
    // the items go out a few KB at a time (not a page's or 2,048 items' text in one string, which
    // V8 makes in the old generation's large-object space: a 100,000-item run's peak)
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(24 * 1024);
    const text = chunks.join('') + '\n';
    expect(text).toBe(resultsJsonText(full));
    expect(text).not.toContain('sk-abcdefghijklmnopqrstuvwx');
    const line: string[] = [];
    await writeResultsJson(lean, { store, runId, sources }, (t) => line.push(t), 0);
    expect(line.join('')).toBe(JSON.stringify(full));
    expect(JSON.parse(line.join(''))).toEqual(JSON.parse(text));
  });

  it('leaves results whose items are in hand as they are, and counts items either way', async () => {
    const { full, lean } = await fixture();
    const chunks: string[] = [];
    await writeResultsJson(full, undefined, (t) => chunks.push(t));
    expect(chunks.join('') + '\n').toBe(resultsJsonText(full));
    expect(full.probes.map(itemCount)).toEqual([ITEMS_PAGE + 37 + MITIGATED, 0]);
    expect(lean.probes.map(itemCount)).toEqual([ITEMS_PAGE + 37 + MITIGATED, 0]);
  });

  it('writes a list made when read (a per-article table) an element at a time, as the list in hand would be written', async () => {
    const { full, lean, sources, store, runId } = await fixture();
    const table = (n: number, tag: string) =>
      lazyArray(n, (i) => ({ id: `${tag}${i}`, w: i / 3, nan: i === 2 ? Number.NaN : i, distribution: [i, 0.5], nested: lazyArray(i % 3, (j) => ({ j })), note: i === 7 ? 'sk-abcdefghijklmnopqrstuvwx' : '' }));
    const withTables = (r: Results): Results => ({
      ...r,
      probes: r.probes.map((p, k) => ({ ...p, groups: p.groups.map((g, j) => ({ ...g, extra: { K: 2, perArticle: table(k === 0 && j === 0 ? 3000 : j, `g${j}-`), after: 'x' } })) })),
    });
    const expected = resultsJsonText(withTables(full));
    expect(expected).toContain('"id": "g0-2999"');
    const chunks: string[] = [];
    await writeResultsJson(withTables(lean), { store, runId, sources }, (t) => chunks.push(t));
    expect(chunks.join('') + '\n' === expected).toBe(true);
    expect(expected).not.toContain('sk-abcdefghijklmnopqrstuvwx');
    // no chunk holds the whole table
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(expected.length / 2);
    const line: string[] = [];
    await writeResultsJson(withTables(lean), { store, runId, sources }, (t) => line.push(t), 0);
    expect(line.join('') === redact(JSON.stringify(withTables(full)))).toBe(true);
    const alone: string[] = [];
    await writeResultsJson(withTables(full), undefined, (t) => alone.push(t));
    expect(alone.join('') + '\n' === expected).toBe(true);
  });
});
