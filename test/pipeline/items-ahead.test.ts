/**
 * Work for the report made while items are measured (src/pipeline/items-ahead.ts): the pipeline
 * offers each stored measurement, stores the rows it gets back under the item's record id before
 * the dataset's last commit, and tells it when measuring ends. The CLI's maker is the report
 * thread (test/report/item-marks-ahead.test.ts); here a maker of the test's own answers when told.
 */
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/runtime/store.js';
import { sqliteRunStore } from '../../src/runtime/sqlite-run-store.js';
import { executePlan } from '../../src/pipeline/execute.js';
import { recordedProducer } from '../../src/pipeline/producers.js';
import { WarningLog } from '../../src/pipeline/warnings.js';
import type { AheadItem, AheadRow, ItemsAhead } from '../../src/pipeline/items-ahead.js';
import { lengthProbe, shortRecords } from '../helpers/length-probe.js';

const records = shortRecords;
const probe = lengthProbe;

/** Answers the odd records' offers when `answer` is called, drops the rest when told. */
class HeldAhead implements ItemsAhead {
  offered: AheadItem[] = [];
  held: { item: AheadItem; resolve: (rows: AheadRow[]) => void }[] = [];
  drops = 0;
  offer(item: AheadItem): Promise<AheadRow[]> | undefined {
    this.offered.push(item);
    if (Number(item.recordId.slice(1)) % 2 === 0) return undefined;
    return new Promise((resolve) => this.held.push({ item, resolve }));
  }
  answer(upTo: number): void {
    for (const h of this.held.splice(0, upTo)) h.resolve([{ key: '#made', value: { of: h.item.recordId, length: (h.item.measurement as { length: number }).length } }]);
  }
  drop(): void {
    this.drops++;
    // what is not answered by now is left: answered empty, as the report thread answers a dropped pair
    for (const h of this.held.splice(0)) h.resolve([]);
  }
}

describe('work for the report made while items are measured', () => {
  it("stores the rows made for each offered item under its record id, committed with the dataset; what was dropped is not stored", async () => {
    const store = sqliteRunStore(Store.open(':memory:'));
    const run = await store.createRun({ configJson: '{}', configHash: 'h' });
    const ahead = new HeldAhead();
    const plan = { datasets: [records(10)], producers: [recordedProducer('recorded')], probes: [{ probe, options: {}, fields: probe.fields ?? [] }], judges: {}, concurrency: 2 };
    // after each of the first three records one held offer is answered; the others are still held when measuring ends
    let handled = 0;
    const outcome = await executePlan(plan, store, run.id, { warnings: new WarningLog(), ahead, onItem: () => ++handled <= 3 && ahead.answer(1) });
    expect(outcome.measured).toBe(10);
    expect(ahead.drops).toBe(1);
    expect(ahead.offered.map((o) => o.recordId).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `r${i}`).sort());
    expect(ahead.offered[0]).toMatchObject({ probe: 'lengths', labels: { model: 'recorded', dataset: 'd' }, options: {}, fields: { source: expect.stringMatching(/^text \d$/) } });
    const stored = (await store.listRunOutputs(run.id)).filter((r) => r.cellKey === '#made');
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.length).toBeLessThanOrEqual(3);
    for (const r of stored) expect(r.output).toEqual({ of: r.recordId, length: `text ${r.recordId.slice(1)}`.length });
    expect(stored.every((r) => Number(r.recordId.slice(1)) % 2 === 1)).toBe(true);
  });

  it('does not wait at the end for offers still being made: their rows, answered after, are not stored', async () => {
    const store = sqliteRunStore(Store.open(':memory:'));
    const run = await store.createRun({ configJson: '{}', configHash: 'h' });
    // a maker that goes on with what it was offered when told measuring ended (as the report thread does)
    class GoingOn extends HeldAhead {
      override drop(): void {
        this.drops++;
      }
    }
    const ahead = new GoingOn();
    const plan = { datasets: [records(6)], producers: [recordedProducer('recorded')], probes: [{ probe, options: {}, fields: probe.fields ?? [] }], judges: {}, concurrency: 2 };
    let handled = 0;
    const outcome = await executePlan(plan, store, run.id, { warnings: new WarningLog(), ahead, onItem: () => ++handled === 1 && ahead.answer(1) });
    // the run ended with the odd records' other offers still held
    expect(outcome.measured).toBe(6);
    expect(ahead.drops).toBe(1);
    expect(ahead.held.length).toBeGreaterThan(0);
    const storedAtEnd = (await store.listRunOutputs(run.id)).filter((r) => r.cellKey === '#made');
    expect(storedAtEnd.length).toBeLessThanOrEqual(1);
    ahead.answer(ahead.held.length);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await store.listRunOutputs(run.id)).filter((r) => r.cellKey === '#made')).toEqual(storedAtEnd);
  });

  it('the cost plan’s dry pass offers nothing', async () => {
    const store = sqliteRunStore(Store.open(':memory:'));
    const run = await store.createRun({ configJson: '{}', configHash: 'h' });
    const ahead = new HeldAhead();
    const plan = { datasets: [records(4)], producers: [recordedProducer('recorded')], probes: [{ probe, options: {}, fields: probe.fields ?? [] }], judges: {}, concurrency: 2 };
    await executePlan(plan, store, run.id, { warnings: new WarningLog(), ahead, countOnly: true });
    expect(ahead.offered).toEqual([]);
  });
  it('a maker still loading (ready) is waited for before any item is offered, then offered every item in turn', async () => {
    const store = sqliteRunStore(Store.open(':memory:'));
    const run = await store.createRun({ configJson: '{}', configHash: 'h' });
    let loaded = false;
    let readyAsked = 0;
    const offeredBeforeLoad: string[] = [];
    const ahead = new HeldAhead();
    const loading = new Promise<void>((resolve) => setTimeout(() => ((loaded = true), resolve()), 20));
    const maker: ItemsAhead = {
      ready: () => (readyAsked++, loaded ? undefined : loading),
      offer: (item) => {
        if (!loaded) offeredBeforeLoad.push(item.recordId);
        return ahead.offer(item);
      },
      drop: () => ahead.drop(),
    };
    const plan = { datasets: [records(6)], producers: [recordedProducer('recorded')], probes: [{ probe, options: {}, fields: probe.fields ?? [] }], judges: {}, concurrency: 3 };
    const outcome = await executePlan(plan, store, run.id, { warnings: new WarningLog(), ahead: maker });
    expect(outcome.measured).toBe(6);
    expect(readyAsked).toBeGreaterThanOrEqual(6);
    expect(offeredBeforeLoad).toEqual([]);
    expect(ahead.offered.map((o) => o.recordId).sort()).toEqual(Array.from({ length: 6 }, (_, i) => `r${i}`));
  });
});
