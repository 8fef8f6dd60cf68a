import { describe, expect, it } from 'vitest';
import { inputKey, outputKey } from '../../../src/pipeline/store-keys.js';
import { itemDetail } from '../../../src/report/items/registry.js';
import { StoreItems } from '../../../src/report/items/store-items.js';
import { Store } from '../../../src/runtime/store.js';

const SOURCE = 'The plant opened in spring. Workers were hired quickly. Later the plant closed suddenly. Many people lost jobs. The town was shocked. Officials promised an inquiry.';

describe('items from the store', () => {
  it('pages a cell larger than a store page: the same items, totals and tags as listing them whole, reading pages and never a whole cell, and items stored later are listed', async () => {
    const store = Store.open(':memory:');
    try {
      const run = store.createRun({ configJson: '{}', configHash: 'x' });
      const labels = ['negative', 'neutral', 'positive'];
      // r0000…: the source framing cycles, the output's every seventh item differs (changed)
      const measurement = (i: number) => ({ fC: labels[i % 3], fS: i % 7 === 0 ? labels[(i + 1) % 3] : labels[i % 3], changed: i % 7 === 0 });
      const expected: [string, string, boolean][] = [];
      for (const [key, condition, n] of [['m|d|framing', undefined, 1300], ['m|d|framing|cot', 'cot', 700]] as const) {
        store.upsertCell(run.id, { key, model: 'm', dataset: 'd', probe: 'framing', options: {}, ...(condition ? { condition } : {}) });
        store.putResult(run.id, key, { labels: { model: 'm', dataset: 'd', ...(condition ? { condition } : {}) }, n, metrics: [] });
        // stored in an order other than the ids': the list follows the order stored
        for (let k = 0; k < n; k++) {
          const i = (k * 7919) % n;
          store.putItem(run.id, key, `r${String(i).padStart(4, '0')}`, measurement(i));
          expected.push([condition ?? 'baseline', `r${String(i).padStart(4, '0')}`, i % 7 === 0]);
        }
      }
      let pages = 0;
      const counted = new Proxy(store, {
        get(target, prop, receiver) {
          const v = Reflect.get(target, prop, receiver) as unknown;
          if (prop === 'getItems' || prop === 'searchItems') return () => Promise.reject(new Error(`the list read a whole cell (${String(prop)})`));
          if (typeof v !== 'function') return v;
          const f = (v as (...xs: unknown[]) => unknown).bind(target);
          return prop === 'itemsPage' ? (...xs: unknown[]) => (pages++, f(...xs)) : f;
        },
      });
      const items = new StoreItems(counted, run.id);
      const ids = (page: { items: { labels: Record<string, string>; recordId: string }[] }) => page.items.map((i) => [i.labels.condition ?? 'baseline', i.recordId]);
      const all = await items.list({ offset: 0, limit: 500 });
      expect(all.total).toBe(2000);
      expect(ids(all)).toEqual(expected.slice(0, 500).map(([c, id]) => [c, id]));
      // a page across the two cells, and one across a store page (512 items) of the first
      expect(ids(await items.list({ offset: 1250, limit: 100 }))).toEqual(expected.slice(1250, 1350).map(([c, id]) => [c, id]));
      pages = 0;
      expect(ids(await items.list({ offset: 500, limit: 30 }))).toEqual(expected.slice(500, 530).map(([c, id]) => [c, id]));
      // the index is brought up to date (one page of each cell: the last, not full) and the two store pages holding the items are read
      expect(pages).toBe(4);
      const changed = expected.filter(([, , c]) => c);
      const tagged = await items.list({ tags: ['changed'], offset: 10, limit: 200 });
      expect(tagged.total).toBe(changed.length);
      expect(ids(tagged)).toEqual(changed.slice(10, 210).map(([c, id]) => [c, id]));
      expect(await items.tags()).toEqual(['changed', 'transition:negative>neutral', 'transition:negative>negative', 'transition:neutral>neutral', 'transition:neutral>positive', 'transition:positive>negative', 'transition:positive>positive'].sort());
      // the search reads the measurements' strings: every item whose source or output framing is positive, one cell at a time
      const positive = expected.filter(([, id]) => { const m = measurement(Number(id.slice(1))); return m.fC === 'positive' || m.fS === 'positive'; });
      const found = await items.list({ q: 'POSITIVE', condition: 'cot', offset: 5, limit: 50 });
      const inCot = positive.filter(([c]) => c === 'cot');
      expect(found.total).toBe(inCot.length);
      expect(ids(found)).toEqual(inCot.slice(5, 55).map(([c, id]) => [c, id]));
      // items stored since (a run still measuring) are listed on the next request
      store.putItem(run.id, 'm|d|framing|cot', 'late', { fC: 'neutral', fS: 'negative', changed: true });
      const after = await items.list({ condition: 'cot', tags: ['changed'], offset: 0, limit: 500 });
      expect(after.total).toBe(changed.filter(([c]) => c === 'cot').length + 1);
      expect(after.items.at(-1)?.recordId).toBe('late');
    } finally {
      store.close();
    }
  });

  it('lists, filters by tag and condition, and shows source beside output with thirds, mapping and mitigation steps', async () => {
    const store = Store.open(':memory:');
    try {
      const run = store.createRun({ configJson: '{}', configHash: 'x' });
      for (const [key, condition] of [['m|d|framing', undefined], ['m|d|framing|cot', 'cot']] as const) {
        store.upsertCell(run.id, { key, model: 'm', dataset: 'd', probe: 'framing', options: {} });
        store.putResult(run.id, key, { labels: { model: 'm', dataset: 'd', ...(condition ? { condition } : {}) }, n: 2, metrics: [] });
        store.putItem(run.id, key, 'r1', { fC: 'negative', fS: 'positive', changed: true });
        store.putItem(run.id, key, 'r2', { fC: 'neutral', fS: 'neutral', changed: false });
      }
      store.putOutput(run.id, inputKey('d'), 'r1', { source: SOURCE });
      store.putOutput(run.id, outputKey('m', 'd'), 'r1', { text: 'The plant closed suddenly. The town was shocked.', steps: [{ name: 'draft', text: 'first draft' }, { name: 'permutation', data: [2, 0, 1] }] });
      const items = new StoreItems(store, run.id);
      expect((await items.list({})).total).toBe(4);
      expect((await items.list({ condition: 'cot' })).items.map((i) => [i.labels.condition, i.recordId])).toEqual([
        ['cot', 'r1'],
        ['cot', 'r2'],
      ]);
      expect((await items.list({ tags: ['transition:negative>positive'] })).items.map((i) => i.recordId)).toEqual(['r1', 'r1']);
      expect((await items.list({ q: 'SHOCKED' })).items.map((i) => i.recordId)).toEqual(['r1', 'r1']);
      expect((await items.tags())).toEqual(['changed', 'transition:negative>positive', 'transition:neutral>neutral']);
      const d = (await items.detail('framing', 'm', 'd', 'r1'));
      expect(d?.scores).toEqual([
        ['source framing', 'negative'],
        ['output framing', 'positive'],
      ]);
      expect(d?.texts.map((t) => t.title)).toEqual(['source', 'output']);
      expect(d?.texts[0]?.parts?.map((p) => p[2])).toEqual(['beginning', 'middle', 'end']);
      // output sentence 1 ("The plant closed suddenly.") maps to source sentence 3 (index 2), sentence 2 to index 4
      expect(d?.mapping?.map((m) => m.targets)).toEqual([[2], [4]]);
      expect(d?.sections.map((s) => s.title)).toEqual(['mitigation step 1: draft', 'mitigation step 2: permutation']);
      expect(d?.sections[1]?.text).toContain('2,');
      expect((await items.detail('framing', 'm', 'd', 'nope'))).toBeUndefined();
    } finally {
      store.close();
    }
  });

  it("while remembering, a record's items of several probes read its texts and marks once, and give the inputs they give alone", async () => {
    const store = Store.open(':memory:');
    try {
      const run = store.createRun({ configJson: '{}', configHash: 'x' });
      store.upsertCell(run.id, { key: 'm|d|framing', model: 'm', dataset: 'd', probe: 'framing', options: {} });
      store.upsertCell(run.id, { key: 'm|d|primacy', model: 'm', dataset: 'd', probe: 'primacy', options: {} });
      store.putItem(run.id, 'm|d|framing', 'r1', { fC: 'negative', fS: 'positive', changed: true });
      store.putItem(run.id, 'm|d|primacy', 'r1', { sB: 0.5, sM: 0.2, sE: 0.1, primacy: true, recency: false });
      store.putOutput(run.id, inputKey('d'), 'r1', { source: SOURCE, output: 'The plant closed suddenly.' });
      const reads: string[] = [];
      const counted = new Proxy(store, {
        get(target, prop, receiver) {
          const v = Reflect.get(target, prop, receiver) as unknown;
          if (prop !== 'getOutput' || typeof v !== 'function') return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
          return (runId: string, key: string, recordId: string) => {
            reads.push(key);
            return (v as (...a: unknown[]) => unknown).call(target, runId, key, recordId);
          };
        },
      });
      const alone = new StoreItems(store, run.id);
      const expected = [await alone.detailInput('framing', 'm', 'd', 'r1'), await alone.detailInput('primacy', 'm', 'd', 'r1')];
      const items = new StoreItems(counted, run.id);
      items.remember();
      const got = [await items.detailInput('framing', 'm', 'd', 'r1'), await items.detailInput('primacy', 'm', 'd', 'r1')];
      items.forget();
      expect(got).toEqual(expected);
      // the second item read nothing: its record's fields, output and marks keys were read for the first
      expect(reads.length).toBeGreaterThan(0);
      expect(new Set(reads).size).toBe(reads.length);
      // forgotten: read again
      const before = reads.length;
      await items.detailInput('primacy', 'm', 'd', 'r1');
      expect(reads.length).toBe(2 * before);
    } finally {
      store.close();
    }
  });

  it('search covers the mitigated outputs and their intermediate steps (drafts, partial summaries), not only the baseline outputs', async () => {
    const store = Store.open(':memory:');
    try {
      const run = store.createRun({ configJson: '{}', configHash: 'x' });
      for (const [key, condition] of [['m|d|framing', undefined], ['m|d|framing|partial-summaries', 'partial-summaries']] as const) {
        store.upsertCell(run.id, { key, model: 'm', dataset: 'd', probe: 'framing', options: {}, ...(condition ? { condition } : {}) });
        store.putResult(run.id, key, { labels: { model: 'm', dataset: 'd', ...(condition ? { condition } : {}) }, n: 1, metrics: [] });
        store.putItem(run.id, key, 'r1', { fC: 'neutral', fS: 'neutral', changed: false });
        store.putItem(run.id, key, 'r2', { fC: 'neutral', fS: 'neutral', changed: false });
      }
      store.putOutput(run.id, outputKey('m', 'd'), 'r1', { text: 'Baseline summary about the harbour.' });
      // the mitigated output is stored under its condition's key, its steps with it
      store.putOutput(run.id, `${outputKey('m', 'd')}|partial-summaries`, 'r2', { text: 'Final merged summary.', steps: [{ name: 'partial summary', text: 'chunk two mentions the lighthouse keeper' }, { name: 'draft', text: 'a zeppelin draft' }] });
      const items = new StoreItems(store, run.id);
      // the word of a partial summary finds the mitigated item only (the baseline cell has no such text)
      expect((await items.list({ q: 'LIGHTHOUSE' })).items.map((i) => [i.labels.condition ?? 'baseline', i.recordId])).toEqual([['partial-summaries', 'r2']]);
      expect((await items.list({ q: 'zeppelin' })).total).toBe(1);
      expect((await items.list({ q: 'final merged' })).items.map((i) => i.labels.condition)).toEqual(['partial-summaries']);
      // the baseline output is still searched
      expect((await items.list({ q: 'harbour' })).items.map((i) => [i.labels.condition ?? 'baseline', i.recordId])).toEqual([['baseline', 'r1']]);
      expect((await items.detail('framing', 'm', 'd', 'r2', 'partial-summaries'))?.sections.map((s) => s.title)).toEqual(['mitigation step 1: partial summary', 'mitigation step 2: draft']);
    } finally {
      store.close();
    }
  });

  it("search looks inside the judges' stored answers: the certainty judge's answers and reasoning, the fact-check raw answer", async () => {
    const store = Store.open(':memory:');
    try {
      const run = store.createRun({ configJson: '{}', configHash: 'x' });
      const cell = (probe: string): string => {
        const key = `m|d|${probe}`;
        store.upsertCell(run.id, { key, model: 'm', dataset: 'd', probe, options: {} });
        store.putResult(run.id, key, { labels: { model: 'm', dataset: 'd' }, n: 2, metrics: [] });
        return key;
      };
      const certainty = cell('certainty');
      const call = (presentation: string, score: number, reasoning?: string) => ({ presentation, score, canonical: score, ...(reasoning ? { reasoning } : {}) });
      store.putItem(run.id, certainty, 'c1', { label: 2, comparator: 'llm', judgeLabel: 2, wed: 1, calls: [call('original-first', 2, 'The rewrite drops the "may" hedge.\nMore certain.'), call('rewrite-first', -2, 'Second answer: overstated')] });
      store.putItem(run.id, certainty, 'c2', { label: 0, comparator: 'llm', judgeLabel: 0, wed: 0, calls: [call('original-first', 0, 'same certainty'), call('rewrite-first', 0)] });
      const hallucination = cell('hallucination');
      const verdict = (v: boolean, answer?: string) => ({ verdict: v, confidence: 'high', via: 'label', ...(answer ? { answer } : {}) });
      store.putItem(run.id, hallucination, 'h1', { model: 'm', period: 'post', actual: verdict(true, 'TRUE. The Minister resigned in March.'), falsified: verdict(false, 'Échec: the quoted figure is invented') });
      store.putItem(run.id, hallucination, 'h2', { model: 'm', period: 'pre', actual: verdict(true), falsified: verdict(false) });
      const items = new StoreItems(store, run.id);
      const ids = async (q: string): Promise<string[]> => (await items.list({ q })).items.map((i) => i.recordId);
      // the first judge answer's reasoning (quotes and a line break as stored JSON escapes them), the second answer's
      expect(await ids('"MAY" HEDGE')).toEqual(['c1']);
      expect(await ids('hedge.\nmore')).toEqual(['c1']);
      expect(await ids('overstated')).toEqual(['c1']);
      // the fact-check raw answers, of the true and the falsified item; letters beyond ASCII fold too
      expect(await ids('minister resigned')).toEqual(['h1']);
      expect(await ids('ÉCHEC')).toEqual(['h1']);
      // a key of the stored JSON is no text: it matches no item by itself
      expect(await ids('reasoning')).toEqual([]);
      expect(await ids('answer')).toEqual(['c1']);
    } finally {
      store.close();
    }
  });

  it('position items map each summary sentence to its top-K article sentences (the probe option) and show every system of a file', async () => {
    const d = itemDetail({
      probe: 'position',
      labels: {},
      recordId: 'p',
      options: { topK: 2, mapper: 'embedding' },
      fields: { source: SOURCE, outputs: { sysA: 'The plant closed suddenly.', sysB: 'Officials promised an inquiry.' } },
      measurement: { articleSentences: 6, excluded: false, short: false, references: [], outputs: {} },
    });
    expect(d.texts.map((t) => t.title)).toEqual(['source', 'output of sysA', 'output of sysB']);
    // "The plant closed suddenly." shares plant/closed/suddenly with sentence 3 (index 2), "plant" with sentence 1 (index 0)
    expect(d.mapping).toHaveLength(1);
    expect(d.mapping?.[0]?.targets).toEqual([2, 0]);
    expect(d.sections[0]?.text).toMatch(/embedding mapper/);
  });

  it('item views show the certainty judge answers and reasoning, the fact-check raw answers', async () => {
    const c = itemDetail({
      probe: 'certainty',
      labels: {},
      recordId: 'c',
      options: {},
      fields: { original: 'It may help.', rewrite: 'It helps.' },
      measurement: { label: 2, comparator: 'llm', judgeLabel: 2, wed: 1, calls: [{ presentation: 'original-first', score: 2, canonical: 2, reasoning: 'drops the hedge' }, { presentation: 'rewrite-first', score: -2, canonical: 2 }] },
    });
    expect(c.tags).toEqual(['changed', 'up']);
    expect(c.texts.map((t) => t.text)).toEqual(['It may help.', 'It helps.']);
    expect(c.sections.map((s) => s.text)).toEqual(['score 2 · canonical 2\ndrops the hedge', 'score -2 · canonical 2']);
    const h = itemDetail({
      probe: 'hallucination',
      labels: {},
      recordId: 'h',
      options: {},
      fields: { true_text: 'A won.', false_text: 'A lost.' },
      measurement: { model: 'm', period: 'post', actual: { verdict: true, confidence: 'high', via: 'label', answer: 'True, high confidence' }, falsified: { verdict: null, confidence: null, via: 'none' } },
    });
    expect(h.tags).toEqual(['period:post', 'changed', 'wrong', 'unreadable']);
    expect(h.sections[0]).toEqual({ title: 'fact-check of the true item: True (high confidence), read via label', text: 'True, high confidence' });
    expect(h.sections[1]?.title).toMatch(/falsified item: unreadable/);
  });
});
