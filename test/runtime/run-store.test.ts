/**
 * One suite, both backends: the SQLite store (behind the async RunStore face) and the PostgreSQL
 * store on a throwaway cluster (test/helpers/postgres.ts). What a run, the request cache, the run
 * lease and judge cards need from a store must behave the same on both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostname } from 'node:os';
import { Store } from '../../src/runtime/store.js';
import { sqliteRunStore } from '../../src/runtime/sqlite-run-store.js';
import type { RunStore } from '../../src/runtime/run-store.js';
import { PgStore } from '../../src/runtime/pg-store.js';
import { RequestCache } from '../../src/runtime/cache.js';
import { RunLease, RunLeaseHeldError } from '../../src/runtime/run-lease.js';
import { getJudgeCard, putJudgeCard } from '../../src/runtime/judge-cards.js';
import { startCluster, type PgCluster } from '../helpers/postgres.js';
import { UserError } from '../../src/core/errors.js';
import { costsByIdPageSql, itemsByIdPageSql, itemsPageSql, POSTGRES } from '../../src/runtime/store-sql.js';

let cluster: PgCluster | undefined;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.stop());

// every case runs on both backends (a real PostgreSQL cluster: test/helpers/postgres.ts)
const backends: [string, () => Promise<RunStore>][] = [
  ['sqlite', () => Promise.resolve(sqliteRunStore(Store.open(':memory:')))],
  ['postgres', () => PgStore.open((cluster as PgCluster).newDatabase())],
];

describe.each(backends)('RunStore (%s)', (_name, open) => {
  it('creates, finds, lists, updates and deletes runs (config stored redacted)', async () => {
    const s = await open();
    try {
      const r1 = await s.createRun({ configJson: '{"key":"sk-abcdefghijklmnopqrstuvwx"}', configHash: 'h1', label: 'first' });
      const r2 = await s.createRun({ configJson: '{}', configHash: 'h2' });
      expect(r1).toMatchObject({ status: 'running', configHash: 'h1', label: 'first', summary: null });
      expect(r1.configJson).not.toContain('sk-abcdefghijklmnopqrstuvwx');
      expect((await s.latestRun())?.id).toBe(r2.id);
      expect((await s.listRuns()).map((r) => r.id)).toEqual([r2.id, r1.id]);
      await s.setRunStatus(r1.id, 'interrupted', { measured: 3, x: Number.NaN });
      expect((await s.getRun(r1.id))?.summary).toEqual({ measured: 3, x: Number.NaN });
      expect((await s.latestRun({ status: ['interrupted'] }))?.id).toBe(r1.id);
      await expect(s.setRunStatus('nope', 'completed')).rejects.toThrow('no run with id "nope"');
      expect(await s.deleteRun(r2.id)).toBe(true);
      expect(await s.deleteRun(r2.id)).toBe(false);
      expect(await s.getRun(r2.id)).toBeUndefined();
    } finally {
      await s.close();
    }
  });

  it('reads a cell\'s items page by page in the order getItems lists them (a re-stored item keeps its place)', async () => {
    const s = await open();
    try {
      const run = await s.createRun({ configJson: '{}', configHash: 'h' });
      const other = await s.createRun({ configJson: '{}', configHash: 'h2' });
      await s.upsertCell(run.id, { key: 'c', model: 'm', probe: 'framing', dataset: 'd' });
      await s.upsertCell(other.id, { key: 'c', model: 'm', probe: 'framing', dataset: 'd' });
      for (let i = 0; i < 7; i++) {
        await s.putItem(run.id, 'c', `r${i}`, { v: i });
        // rows of another run and another cell in between: the pages skip them
        await s.putItem(other.id, 'c', `r${i}`, { v: -i });
        await s.putItem(run.id, 'other', `r${i}`, { v: 100 + i });
      }
      await s.putItem(run.id, 'c', 'r2', { v: 22 });
      const paged: { recordId: string; measurement: unknown }[] = [];
      const sizes: number[] = [];
      let after = 0;
      for (;;) {
        const page = await s.itemsPage(run.id, 'c', after, 3);
        sizes.push(page.rows.length);
        paged.push(...page.rows);
        if (page.rows.length < 3) break;
        after = page.next;
      }
      expect(sizes).toEqual([3, 3, 1]);
      expect(paged).toEqual(await s.getItems(run.id, 'c'));
      expect(paged.map((r) => r.measurement)).toEqual([{ v: 0 }, { v: 1 }, { v: 22 }, { v: 3 }, { v: 4 }, { v: 5 }, { v: 6 }]);
      expect(await s.itemsPage(run.id, 'none', 0, 3)).toEqual({ next: 0, rows: [] });
    } finally {
      await s.close();
    }
  });

  it('reads a cell\'s items page by page in code-point order of their ids (what aggregation reads), whatever the database\'s collation', async () => {
    const s = await open();
    try {
      const run = await s.createRun({ configJson: '{}', configHash: 'h' });
      await s.upsertCell(run.id, { key: 'c', model: 'm', probe: 'framing', dataset: 'd' });
      // a locale's collation would put 'b' before 'B' or ignore the '-'; code points do not
      const ids = ['b', 'B', 'a-2', 'a10', 'a2', '\u00e9', '\uFF21', '\u{1F600}', 'Z'];
      for (const id of ids) await s.putItem(run.id, 'c', id, { id });
      await s.putItem(run.id, 'other', 'A', { id: 'A' });
      const pages: string[][] = [];
      let after: string | undefined;
      for (;;) {
        const page = await s.itemsByIdPage(run.id, 'c', after, 4);
        pages.push(page.map((r) => r.recordId));
        if (page.length < 4) break;
        after = page.at(-1)!.recordId;
      }
      expect(pages).toEqual([
        ['B', 'Z', 'a-2', 'a10'],
        ['a2', 'b', '\u00e9', '\uFF21'],
        ['\u{1F600}'],
      ]);
      expect(await s.itemsByIdPage(run.id, 'c', 'b', 1)).toEqual([{ recordId: '\u00e9', measurement: { id: '\u00e9' } }]);
    } finally {
      await s.close();
    }
  });

  it('reads the outputs of a cell for a list of records in one query, and only those', async () => {
    const s = await open();
    try {
      const run = await s.createRun({ configJson: '{}', configHash: 'h' });
      const other = await s.createRun({ configJson: '{}', configHash: 'h2' });
      for (const id of ['a', '\u00e9', 'it\'s "q"', 'b']) await s.putOutput(run.id, 'o', id, { id, steps: [id] });
      await s.putOutput(run.id, 'p', 'a', { other: 'cell' });
      await s.putOutput(other.id, 'o', 'b', { other: 'run' });
      const got = await s.getOutputsAmong(run.id, 'o', ['\u00e9', 'missing', 'it\'s "q"', 'a']);
      expect(got.sort((x, y) => (x.recordId < y.recordId ? -1 : 1))).toEqual([
        { recordId: 'a', output: { id: 'a', steps: ['a'] } },
        { recordId: 'it\'s "q"', output: { id: 'it\'s "q"', steps: ['it\'s "q"'] } },
        { recordId: '\u00e9', output: { id: '\u00e9', steps: ['\u00e9'] } },
      ]);
      expect(await s.getOutputsAmong(run.id, 'o', [])).toEqual([]);
      expect(await s.getOutputsAmong(other.id, 'o', ['a', 'b'])).toEqual([{ recordId: 'b', output: { other: 'run' } }]);
    } finally {
      await s.close();
    }
  });

  it('counts the items of a cell that read an answer cut at the token limit, in the database', async () => {
    const s = await open();
    try {
      const run = await s.createRun({ configJson: '{}', configHash: 'h' });
      const other = await s.createRun({ configJson: '{}', configHash: 'h2' });
      await s.upsertCell(run.id, { key: 'c', model: 'm', probe: 'framing', dataset: 'd' });
      const outputs: [string, unknown][] = [
        ['cut', { summary: 'a', finishReason: 'length' }],
        ['cut2', { summary: 'b\u0000 nul \u{1F600}', finishReason: 'length', usage: { n: 1 } }],
        ['stop', { summary: 'c', finishReason: 'stop' }],
        ['none', { summary: 'd' }],
        ['invalid', { summary: 'e', finishReason: 'length', invalid: 'empty answer' }],
        ['invalid-null', { finishReason: 'length', invalid: null }],
        ['nested', { steps: [{ finishReason: 'length' }] }],
        ['array', [{ finishReason: 'length' }]],
        ['text', 'length'],
        ['unmeasured', { finishReason: 'length' }],
        ['other-cell', { finishReason: 'length' }],
      ];
      for (const [id, o] of outputs) await s.putOutput(run.id, 'out', id, o);
      for (const [id] of outputs) if (id !== 'unmeasured' && id !== 'other-cell') await s.putItem(run.id, 'c', id, { v: 1 });
      await s.putItem(run.id, 'c2', 'other-cell', { v: 1 });
      // the same record and keys in another run count for that run only
      await s.putOutput(other.id, 'out', 'stop', { finishReason: 'length' });
      await s.putItem(other.id, 'c', 'stop', { v: 1 });
      // what aggregation counted in memory before: finishReason "length", no invalid field, an item in the cell
      const expected = outputs.filter(([id, o]) => {
        const out = o as { finishReason?: unknown; invalid?: unknown } | null;
        return out?.finishReason === 'length' && !(typeof out === 'object' && 'invalid' in out) && id !== 'unmeasured' && id !== 'other-cell';
      }).length;
      expect(expected).toBe(2);
      expect(await s.countCutAnswers(run.id, 'out', 'c')).toBe(2);
      expect(await s.countCutAnswers(run.id, 'out', 'c2')).toBe(1);
      expect(await s.countCutAnswers(run.id, 'none', 'c')).toBe(0);
      expect(await s.countCutAnswers(other.id, 'out', 'c')).toBe(1);
    } finally {
      await s.close();
    }
  });

  it('keeps cells, outputs, items, costs, invalid outputs and results, in first-stored order, idempotently', async () => {
    const s = await open();
    try {
      const run = await s.createRun({ configJson: '{}', configHash: 'h' });
      await s.upsertCell(run.id, { key: 'b', model: 'm', probe: 'framing', dataset: 'd', options: { k: 1 } });
      await s.upsertCell(run.id, { key: 'a', model: 'm', probe: 'primacy', dataset: 'd', condition: 'cot' });
      await s.upsertCell(run.id, { key: 'b', model: 'm2', probe: 'framing', dataset: 'd' });
      await s.setCellStatus(run.id, 'a', 'completed');
      expect(await s.listCells(run.id)).toEqual([
        { key: 'b', model: 'm2', probe: 'framing', dataset: 'd', condition: 'baseline', options: null, status: 'pending' },
        { key: 'a', model: 'm', probe: 'primacy', dataset: 'd', condition: 'cot', options: null, status: 'completed' },
      ]);
      await s.putOutput(run.id, 'b', 'r2', { text: 'two' });
      await s.putOutput(run.id, 'b', 'r1', { text: 'one', lp: [-Infinity] });
      await s.putOutput(run.id, 'b', 'r2', { text: 'two again' });
      expect(await s.getOutput(run.id, 'b', 'r1')).toEqual({ text: 'one', lp: [-Infinity] });
      expect(await s.getOutput(run.id, 'b', 'zz')).toBeUndefined();
      expect((await s.getOutputs(run.id, 'b')).map((o) => o.recordId)).toEqual(['r2', 'r1']);
      await s.putItem(run.id, 'b', 'r2', { v: 2 });
      await s.putItems(run.id, [
        { cellKey: 'b', recordId: 'r1', measurement: { v: 1 } },
        { cellKey: 'b', recordId: 'r2', measurement: { v: 22 } },
      ]);
      expect(await s.getItems(run.id, 'b')).toEqual([
        { recordId: 'r2', measurement: { v: 22 } },
        { recordId: 'r1', measurement: { v: 1 } },
      ]);
      expect(await s.countItems(run.id)).toBe(2);
      await s.putInvalidOutput(run.id, 'b', 'r3', 'empty answer (output)', { output: '' });
      expect(await s.getInvalidOutputs(run.id, 'b')).toEqual([{ recordId: 'r3', reason: 'empty answer (output)' }]);
      expect([...(await s.completedRecordIds(run.id, 'b'))].sort()).toEqual(['r1', 'r2', 'r3']);
      await s.putCost(run.id, 'b', 'r1', { calls: 2, inputTokens: 10, outputTokens: 5, wallMs: 12.5 });
      await s.putCost(run.id, 'b', 'r1', { calls: 3, inputTokens: 11, outputTokens: 6, wallMs: 0.125 });
      expect(await s.getCosts(run.id, 'b')).toEqual(new Map([['r1', { calls: 3, inputTokens: 11, outputTokens: 6, wallMs: 0.125 }]]));
      // several writes of each kind, one transaction
      await s.putWrites(run.id, [
        { kind: 'output', cellKey: 'w', recordId: 'r9', value: { text: 'nine' } },
        { kind: 'cost', cellKey: 'w', recordId: 'r9', value: { calls: 1, inputTokens: 4, outputTokens: 2, wallMs: 3 } },
        { kind: 'item', cellKey: 'b', recordId: 'r9', value: { v: 9 } },
      ]);
      expect(await s.getOutput(run.id, 'w', 'r9')).toEqual({ text: 'nine' });
      expect(await s.getCosts(run.id, 'w')).toEqual(new Map([['r9', { calls: 1, inputTokens: 4, outputTokens: 2, wallMs: 3 }]]));
      expect(await s.getItem(run.id, 'b', 'r9')).toEqual({ v: 9 });
      expect([...(await s.outputRecordIds(run.id, 'b'))].sort()).toEqual(['r1', 'r2']);
      expect((await s.outputRecordIds(run.id, 'none')).size).toBe(0);
      // a batch whose last write cannot be stored commits none of it
      await expect(
        s.putWrites(run.id, [
          { kind: 'output', cellKey: 'w', recordId: 'r10', value: { text: 'ten' } },
          { kind: 'item', cellKey: 'b', recordId: 'r10', value: { bad: 1n } },
        ]),
      ).rejects.toThrow();
      expect(await s.getOutput(run.id, 'w', 'r10')).toBeUndefined();
      await s.putResult(run.id, 'b', { n: 2, v: Number.POSITIVE_INFINITY });
      await s.putResult(run.id, 'a', { n: 0 });
      expect(await s.getResults(run.id)).toEqual([
        { cellKey: 'b', result: { n: 2, v: Number.POSITIVE_INFINITY } },
        { cellKey: 'a', result: { n: 0 } },
      ]);
      await s.putRunResults(run.id, { probes: [], value: Number.NaN });
      expect(await s.getRunResults(run.id)).toEqual({ probes: [], value: null });
      // reading back for the report and the viewer: one item, and the text search (lower-cased JSON text)
      expect(await s.getItem(run.id, 'b', 'r1')).toEqual({ v: 1 });
      expect(await s.getItem(run.id, 'b', 'zz')).toBeUndefined();
      expect(await s.searchOutputs(run.id, ['b', 'a'], 'again')).toEqual(['r2']);
      expect((await s.searchOutputs(run.id, ['b'], 'text')).sort()).toEqual(['r1', 'r2']);
      expect(await s.searchOutputs(run.id, ['a'], 'again')).toEqual([]);
      expect(await s.searchOutputs(run.id, [], 'again')).toEqual([]);
      await s.putItem(run.id, 'b', 'r4', { note: 'The MINISTER "resigned"' });
      expect(await s.searchItems(run.id, 'b', 'minister \\"resigned')).toEqual([{ recordId: 'r4', measurement: { note: 'The MINISTER "resigned"' } }]);
      expect(await s.searchItems(run.id, 'b', 'nowhere')).toEqual([]);
      // deleting the run deletes everything under it
      await s.deleteRun(run.id);
      expect(await s.getItems(run.id, 'b')).toEqual([]);
      expect(await s.listCells(run.id)).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('request cache: counts hits, strips secrets, reports stats, clears by provider', async () => {
    const s = await open();
    try {
      const cache = new RequestCache(s);
      const parts = { provider: 'openai', model: 'gpt-x', request: { messages: ['hi'], apiKey: 'sk-secret-value-123456' } };
      const k = cache.key(parts);
      expect(await cache.get(k)).toBeUndefined();
      let calls = 0;
      const compute = async () => ({ text: `answer ${++calls}` });
      expect(await cache.getOrCompute(parts, compute)).toEqual({ value: { text: 'answer 1' }, cached: false });
      expect(await cache.getOrCompute(parts, compute)).toEqual({ value: { text: 'answer 1' }, cached: true });
      expect(calls).toBe(1);
      const e = await cache.get(k);
      expect(e?.request).toEqual({ messages: ['hi'] });
      expect(e?.hits).toBe(2);
      await cache.put(cache.key({ ...parts, provider: 'b' }), { ...parts, provider: 'b', response: 'y' });
      const stats = await cache.stats();
      expect(stats.entries).toBe(2);
      expect(stats.hits).toBe(2);
      expect(stats.bytes).toBeGreaterThan(0);
      expect(stats.byProvider.map((p) => p.provider)).toEqual(['b', 'openai']);
      expect(await cache.clear({ olderThanDays: 1 })).toBe(0);
      expect(await cache.clear({ provider: 'b' })).toBe(1);
      expect(await cache.clear()).toBe(1);
    } finally {
      await s.close();
    }
  });

  it('run lease: one holder at a time; released, it can be taken', async () => {
    const s = await open();
    try {
      const run = await s.createRun({ configJson: '{}', configHash: 'h' });
      const first = await RunLease.acquire(s, run.id);
      // the same host and a live pid (ours): held
      await expect(RunLease.acquire(s, run.id)).rejects.toBeInstanceOf(RunLeaseHeldError);
      await first.release();
      const second = await RunLease.acquire(s, run.id);
      await second.release();
      // a stale holder is taken over
      await s.takeLease(run.id, 'old', () => undefined);
      const third = await RunLease.acquire(s, run.id, { staleMs: -1 });
      await third.release();
      expect(hostname()).toBeTruthy();
    } finally {
      await s.close();
    }
  });

  it('run lease: a heartbeat says whether the lease is still ours (fencing)', async () => {
    const s = await open();
    try {
      const run = await s.createRun({ configJson: '{}', configHash: 'h' });
      await s.takeLease(run.id, 'mine', () => undefined);
      expect(await s.beatLease(run.id, 'mine')).toBe(true);
      // taken over by another token
      await s.takeLease(run.id, 'theirs', () => undefined);
      expect(await s.beatLease(run.id, 'mine')).toBe(false);
      expect(await s.beatLease(run.id, 'theirs')).toBe(true);
    } finally {
      await s.close();
    }
  });

  it('batch state: values by key, keys by prefix (no wildcards), deleted', async () => {
    const s = await open();
    try {
      await s.batchStateSet('openai-batch:r1|m#a', '{"intent":"a"}');
      await s.batchStateSet('openai-batch:r1|m#b', '{"intent":"b"}');
      await s.batchStateSet('openai-batch:r10|m#c', '{"intent":"c"}');
      await s.batchStateSet('openai-batch:r1|m#a', '{"intent":"a","batchId":"batch_1"}');
      expect(await s.batchStateGet('openai-batch:r1|m#a')).toBe('{"intent":"a","batchId":"batch_1"}');
      expect((await s.batchStateKeys('openai-batch:r1|')).sort()).toEqual(['openai-batch:r1|m#a', 'openai-batch:r1|m#b']);
      // % and _ are plain characters in a prefix
      expect(await s.batchStateKeys('openai-batch:r_|')).toEqual([]);
      await s.batchStateDelete('openai-batch:r1|m#a');
      expect(await s.batchStateGet('openai-batch:r1|m#a')).toBeUndefined();
      expect((await s.batchStateKeys('openai-batch:')).sort()).toEqual(['openai-batch:r1|m#b', 'openai-batch:r10|m#c'].sort());
    } finally {
      await s.close();
    }
  });

  it('annotation studies: one transaction per study, answers revised in place, counts as numbers, no answer to an unassigned item', async () => {
    const s = await open();
    try {
      const study = { id: 'st', created_at: '2026-01-01T00:00:00.000Z', kind: 'framing', k: 1, seed: 1, source_json: '{}', settings_json: '{"attention":0,"annotators":["a1","a2"]}' };
      const items = ['i1', 'i2'].map((id) => ({ id, role: 'task', content_json: '{"text":"t"}', expected_json: null, judges_json: '{}' }));
      const annotators = [{ id: 'a1', tokenHash: 'h1', createdAt: study.created_at }, { id: 'a2', tokenHash: 'h2', createdAt: study.created_at }];
      const assignments = [
        { annotator: 'a1', position: 0, item: 'i2', presentation: null },
        { annotator: 'a1', position: 1, item: 'i1', presentation: null },
        { annotator: 'a2', position: 0, item: 'i1', presentation: 'original-first' },
      ];
      await s.createStudyRows({ study, items, annotators, assignments });
      // a study whose assignment names an unknown item is refused whole
      await expect(s.createStudyRows({ study: { ...study, id: 'bad' }, items, annotators: [{ id: 'a1', tokenHash: 'h9', createdAt: study.created_at }], assignments: [{ annotator: 'a1', position: 0, item: 'nope', presentation: null }] })).rejects.toThrow();
      expect((await s.studyRows()).map((r) => r.id)).toEqual(['st']);
      expect(await s.studyRows('st', true)).toEqual([study]);
      expect((await s.studyItemRows('st')).map((r) => r.id)).toEqual(['i1', 'i2']);
      expect(await s.annotatorRows('st')).toEqual([{ id: 'a1', tokenHash: 'h1' }, { id: 'a2', tokenHash: 'h2' }]);
      await s.setTokenHashes('st', [{ annotator: 'a2', tokenHash: 'h2b' }]);
      expect((await s.annotatorRows('st'))[1]).toEqual({ id: 'a2', tokenHash: 'h2b' });
      expect(await s.assignmentRows('st', { annotator: 'a2' })).toEqual([{ annotator: 'a2', position: 0, item: 'i1', presentation: 'original-first' }]);
      expect(await s.nextAssignmentRow('st', 'a1')).toEqual({ next: assignments[0], done: 0, total: 2 });
      await s.putAnswer('st', { annotator: 'a1', item: 'i2', value: 'neutral', msOnItem: 1000, msHidden: 100, blurs: 1 }, '2026-01-01T00:01:00.000Z');
      await s.putAnswer('st', { annotator: 'a1', item: 'i2', value: 'positive', msOnItem: 500, msHidden: 0, blurs: 0 }, '2026-01-01T00:02:00.000Z');
      expect(await s.answerRows('st')).toEqual([{ annotator: 'a1', item: 'i2', value: 'positive', msOnItem: 1500, msHidden: 100, blurs: 1, revisions: 1, answeredAt: '2026-01-01T00:02:00.000Z' }]);
      expect(await s.nextAssignmentRow('st', 'a1')).toEqual({ next: assignments[1], done: 1, total: 2 });
      expect(await s.studyProgress('st')).toEqual([
        { annotator: 'a1', done: 1, total: 2, lastAnswerAt: '2026-01-01T00:02:00.000Z' },
        { annotator: 'a2', done: 0, total: 1, lastAnswerAt: null },
      ]);
      await expect(s.putAnswer('st', { annotator: 'a2', item: 'i2', value: 'x', msOnItem: 1, msHidden: 0, blurs: 0 }, study.created_at)).rejects.toThrow(/foreign key/i);
    } finally {
      await s.close();
    }
  });

  it('judge cards: a newer card replaces an older one', async () => {
    const s = await open();
    try {
      const key = { task: 'framing', judge: 'offline-framing', version: '1' };
      expect(await getJudgeCard(s, key)).toBeUndefined();
      await putJudgeCard(s, key, { n: 1 });
      await putJudgeCard(s, key, { n: 2 });
      expect(await getJudgeCard(s, key)).toEqual({ n: 2 });
      expect(await s.listJudgeCards()).toEqual([{ ...key, cardJson: '{"n":2}' }]);
    } finally {
      await s.close();
    }
  });
});

describe('PgStore', () => {
  it('refuses a password in the URL, naming where it should go', async () => {
    await expect(PgStore.open('postgres://slant:hunter2@127.0.0.1:1/x')).rejects.toThrow(/holds a password.*slant never takes it from a URL or a config/);
    await expect(PgStore.open('postgres://slant:hunter2@127.0.0.1:1/x')).rejects.not.toThrow(/hunter2/);
  });

  it('a database that cannot be reached is a UserError naming it (no password shown)', async () => {
    await expect(PgStore.open('postgres://nobody@127.0.0.1:1/none')).rejects.toBeInstanceOf(UserError);
  });

  it('migrates once: a second open of the same database finds the schema in place', async () => {
    const url = (cluster as PgCluster).newDatabase();
    // two processes opening a new database at once: one migrates, the other waits and finds the schema
    const [a, b] = await Promise.all([PgStore.open(url), PgStore.open(url)]);
    try {
      const run = await a.createRun({ configJson: '{}', configHash: 'h' });
      expect((await b.getRun(run.id))?.id).toBe(run.id);
      const v = await a.query<{ part: string; version: number }>('SELECT part, version FROM slant_schema ORDER BY part');
      expect(v.rows.map((r) => r.part)).toEqual(['dist', 'store']);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('reads a page of a cell in record-id order or in the order first stored from an index, never sorting the cell', async () => {
    const s = await PgStore.open((cluster as PgCluster).newDatabase());
    try {
      const run = await s.createRun({ configJson: '{}', configHash: 'h' });
      for (const id of ['b', 'B', '\u00e9', 'a']) {
        await s.putItem(run.id, 'c', id, { id });
        await s.putCost(run.id, 'c', id, { calls: 1, inputTokens: 1, outputTokens: 1, wallMs: 1 });
      }
      const plans = await s.transaction(async (q) => {
        // with sorting priced out, a plan still sorts where no index holds the order asked for
        await q('SET LOCAL enable_sort = off');
        await q('SET LOCAL enable_seqscan = off');
        const out: string[] = [];
        for (const st of [itemsByIdPageSql(POSTGRES, run.id, 'c', 'a', 2), costsByIdPageSql(POSTGRES, run.id, 'c', 'a', 2), itemsPageSql(run.id, 'c', 1, 2)]) {
          const rows = await q<{ 'QUERY PLAN': string }>(`EXPLAIN ${st.sql}`, st.params);
          out.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
        }
        return out;
      });
      for (const plan of plans) {
        expect(plan).toMatch(/Index Scan using (items_pkey|costs_pkey|items_stored_order)/);
        expect(plan).not.toMatch(/Sort/);
      }
      // the ids are compared by code point in the joins and conditions too
      expect((await s.itemsByIdPage(run.id, 'c', 'B', 9)).map((r) => r.recordId)).toEqual(['a', 'b', '\u00e9']);
      expect((await s.costsByIdPage(run.id, 'c', undefined, 9)).map((r) => r.recordId)).toEqual(['B', 'a', 'b', '\u00e9']);
    } finally {
      await s.close();
    }
  });

  it('request claims: a second process waits for the first one\'s answer instead of sending again', async () => {
    const url = (cluster as PgCluster).newDatabase();
    const [a, b] = await Promise.all([PgStore.open(url), PgStore.open(url)]);
    const parts = { provider: 'p', model: 'm', request: { q: 1 } };
    let sent = 0;
    let release: (v: string) => void = () => undefined;
    const slow = () => {
      sent++;
      return new Promise<string>((r) => (release = r));
    };
    const pa = new RequestCache(a).getOrCompute(parts, slow);
    // a holds the claim before b asks
    while (sent === 0) await new Promise((r) => setTimeout(r, 5));
    const pb = new RequestCache(b).getOrCompute(parts, slow);
    await new Promise((r) => setTimeout(r, 100));
    release('answer');
    expect(await pa).toEqual({ value: 'answer', cached: false });
    expect(await pb).toEqual({ value: 'answer', cached: true });
    expect(sent).toBe(1);
    await a.close();
    await b.close();
  });

  it('claims and writes made together share statements, and each caller still gets its own answer', async () => {
    const url = (cluster as PgCluster).newDatabase();
    const [a, b] = await Promise.all([PgStore.open(url), PgStore.open(url)]);
    try {
      await a.cachePut('k-stored', { provider: 'p', model: 'm', requestJson: '{}', responseJson: '"old"' });
      const keys = ['k1', 'k2', 'k3', 'k4', 'k-stored'];
      const mine = await Promise.all(keys.map((k) => a.claimRequest(k)));
      expect(mine.map((c) => c.claimed)).toEqual([true, true, true, true, false]);
      expect(mine[4]?.cached?.response_json).toBe('"old"');
      // another process, all at once: every key a holds is refused, the free one claimed, the stored one answered with a hit counted
      const theirs = await Promise.all(['k1', 'k2', 'k5', 'k-stored'].map((k) => b.claimRequest(k)));
      expect(theirs.map((c) => c.claimed)).toEqual([false, false, true, false]);
      expect(theirs[3]?.cached?.hits).toBe(2);
      // answers and rows written at once: one commit each or shared, every one stored, a claim dropped only with its answer
      const run = await a.createRun({ configJson: '{}', configHash: 'h' });
      await Promise.all([
        a.cachePutReleasing('k1', { provider: 'p', model: 'm', requestJson: '{"q":1}', responseJson: '"one"' }),
        a.putWrites(run.id, [{ kind: 'output', cellKey: 'c', recordId: 'r1', value: { text: 'first' } }, { kind: 'cost', cellKey: 'c', recordId: 'r1', value: { calls: 1, inputTokens: 2, outputTokens: 3, wallMs: 4.5 } }]),
        a.cachePutReleasing('k2', { provider: 'p', model: 'm', requestJson: '{"q":2}', responseJson: '"two"' }),
        a.putWrites(run.id, [{ kind: 'output', cellKey: 'c', recordId: 'r1', value: { text: 'second' } }, { kind: 'item', cellKey: 'c', recordId: 'r1', value: { score: 1 } }]),
      ]);
      expect(await a.getOutput(run.id, 'c', 'r1')).toEqual({ text: 'second' });
      expect(await a.getItem(run.id, 'c', 'r1')).toEqual({ score: 1 });
      expect(await a.getCosts(run.id, 'c')).toEqual(new Map([['r1', { calls: 1, inputTokens: 2, outputTokens: 3, wallMs: 4.5 }]]));
      expect((await a.cacheGet('k2'))?.response_json).toBe('"two"');
      const claims = await a.query<{ key: string }>('SELECT key FROM slant_cache_claims ORDER BY key');
      expect(claims.rows.map((r) => r.key)).toEqual(['k3', 'k4', 'k5']);
      // a value JSON cannot hold fails its own caller only, before anything is sent
      const bad = a.putWrites(run.id, [{ kind: 'item', cellKey: 'c', recordId: 'r2', value: { n: 1n } }]);
      const good = a.putWrites(run.id, [{ kind: 'item', cellKey: 'c', recordId: 'r3', value: { n: 3 } }]);
      await expect(bad).rejects.toThrow();
      await good;
      expect([...(await a.completedRecordIds(run.id, 'c'))].sort()).toEqual(['r1', 'r3']);
      expect([...(await a.completedRecordIds(run.id, 'c', ['r3', 'r9']))]).toEqual(['r3']);
      expect([...(await a.outputRecordIds(run.id, 'c', ['r1']))]).toEqual(['r1']);
      expect([...(await a.outputRecordIds(run.id, 'c', []))]).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
