import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../src/runtime/store.js';
import { createStudy, getAnswers, getAssignments, listAnnotators, nextAssignment, putAnswer, reissueTokens } from '../../src/annotate/study-store.js';
import { hashToken, matchToken } from '../../src/annotate/tokens.js';
import { UserError } from '../../src/core/errors.js';
import { PgStore } from '../../src/runtime/pg-store.js';
import type { RunStore } from '../../src/runtime/run-store.js';
import { sqliteRunStore } from '../../src/runtime/sqlite-run-store.js';
import { startCluster, type PgCluster } from '../helpers/postgres.js';

let store: Store;
beforeEach(async () => {
  store = Store.open(':memory:');
});
afterEach(() => store.close());

const items = ['a', 'b', 'c', 'd'].map((id) => ({ id, role: 'task' as const, content: { text: `text ${id}` }, judges: { j: 'positive' } }));

describe('study store', () => {
  it('keeps token hashes only, finds annotators by token, and reissued tokens replace the old ones', async () => {
    const { tokens } = (await createStudy(store, { kind: 'framing', items, annotators: 3, k: 2, source: {}, id: 's' }));
    expect(tokens.map((t) => t.annotator)).toEqual(['a01', 'a02', 'a03']);
    const rows = (await listAnnotators(store, 's'));
    expect(rows.map((r) => r.tokenHash)).toEqual(tokens.map((t) => hashToken(t.token)));
    expect(matchToken(tokens[1]!.token, rows)?.id).toBe('a02');
    const [fresh] = (await reissueTokens(store, 's', ['a02']));
    const after = (await listAnnotators(store, 's'));
    expect(matchToken(tokens[1]!.token, after)).toBeUndefined();
    expect(matchToken(fresh!.token, after)?.id).toBe('a02');
    expect(matchToken(tokens[0]!.token, after)?.id).toBe('a01');
    await expect(reissueTokens(store, 's', ['zz'])).rejects.toThrow(/no annotator "zz"/);
  });

  it('stores each answer at once, counts revisions, and cannot store an answer to an unassigned item', async () => {
    await createStudy(store, { kind: 'framing', items, annotators: 2, k: 1, attention: 1, source: {}, id: 's' });
    const mine = (await getAssignments(store, 's', 'a01'));
    const theirs = (await getAssignments(store, 's', 'a02')).find((x) => x.item !== 'attention-1')!;
    expect(mine).toHaveLength(3);
    expect(mine[0]!.item).not.toBe('attention-1');
    const first = (await nextAssignment(store, 's', 'a01'));
    expect(first).toMatchObject({ done: 0, total: 3, next: mine[0] });
    await putAnswer(store, 's', { annotator: 'a01', item: mine[0]!.item, value: 'neutral', msOnItem: 1000, msHidden: 100, blurs: 1 });
    await putAnswer(store, 's', { annotator: 'a01', item: mine[0]!.item, value: 'positive', msOnItem: 500, msHidden: 0, blurs: 0 });
    expect((await getAnswers(store, 's'))).toMatchObject([{ value: 'positive', msOnItem: 1500, msHidden: 100, blurs: 1, revisions: 1 }]);
    expect((await nextAssignment(store, 's', 'a01'))).toMatchObject({ done: 1, next: mine[1] });
    // the foreign key to the assignment refuses a write for someone else's item
    await expect(putAnswer(store, 's', { annotator: 'a01', item: theirs.item, value: 'negative', msOnItem: 1, msHidden: 0, blurs: 0 })).rejects.toThrow(/FOREIGN KEY/);
  });
});

// both backends (a real PostgreSQL cluster: test/helpers/postgres.ts)
describe.each([
  ['sqlite', async () => ({ store: sqliteRunStore(Store.open(':memory:')), close: async () => undefined })],
  [
    'postgres',
    async () => {
      cluster ??= await startCluster();
      const s = await PgStore.open(cluster.newDatabase());
      return { store: s as RunStore, close: () => s.close() };
    },
  ],
] as [string, () => Promise<{ store: RunStore; close: () => Promise<void> }>][])('creating a study (%s)', (_name, open) => {
  it('with an id already taken is a clear user error naming the id, and leaves the first study as it was', async () => {
    const { store: s, close } = await open();
    try {
      await createStudy(s, { kind: 'framing', items, annotators: 2, k: 1, source: {}, id: 'dup' });
      const before = await getAssignments(s, 'dup', 'a01');
      const again = createStudy(s, { kind: 'framing', items: items.slice(0, 2), annotators: 3, k: 1, source: {}, id: 'dup' });
      await expect(again).rejects.toBeInstanceOf(UserError);
      await expect(again).rejects.toThrow(/a study with id "dup" already exists/);
      expect(await getAssignments(s, 'dup', 'a01')).toEqual(before);
      expect((await listAnnotators(s, 'dup')).map((a) => a.id)).toEqual(['a01', 'a02']);
      // two made at once: both find the id free, the database refuses the second insert, which says so the same way
      const both = await Promise.allSettled([1, 2].map((n) => createStudy(s, { kind: 'framing', items, annotators: n + 1, k: 1, source: {}, id: 'race' })));
      expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(UserError);
      expect(String(refused.reason)).toMatch(/a study with id "race" already exists/);
    } finally {
      await close();
    }
  });
});

let cluster: PgCluster | undefined;
afterAll(() => cluster?.stop());
