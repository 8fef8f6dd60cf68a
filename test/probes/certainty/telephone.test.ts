import { describe, expect, it } from 'vitest';
import type { PairJudgement } from '../../../src/judges/certainty/types.js';
import { brokenTelephone } from '../../../src/probes/certainty/broken-telephone.js';
import type { ItemLabel } from '../../../src/probes/certainty/metrics.js';
import type { CertaintyMeasurement } from '../../../src/probes/certainty/schema.js';
import { telephoneTable } from '../../../src/probes/certainty/telephone-table.js';
import { INTERVENTIONS } from '../../../src/tasks/certainty-prompts.js';
import { fakeModel } from '../../judges/certainty/fake-model.js';

// Written because mutation testing found the broken-telephone table and loop reached by no probe
// test: each number below is counted by hand from the fixture.

const measured = (turns: [number, ItemLabel][] | undefined): CertaintyMeasurement => ({
  label: turns?.at(-1)?.[1] ?? 0,
  comparator: 'offline',
  judgeLabel: turns?.at(-1)?.[1] ?? 0,
  calls: [],
  ...(turns ? { turns: turns.map(([turn, label]) => ({ turn, label })) } : {}),
});

// turn 1: +1, −1, 0, invalid (4 reached it; 3 consistent)
// turn 2: +2, 0, inconsistent (3 reached it; 2 consistent)
// turn 3: inconsistent only (1 reached it; none consistent)
const items = [
  measured([
    [2, 2],
    [1, 1],
  ]), // turns stored out of order: a turn is found by its number, not its place
  measured([
    [1, -1],
    [2, 0],
  ]),
  measured([
    [1, 0],
    [2, 'inconsistent'],
    [3, 'inconsistent'],
  ]),
  measured([[1, 'invalid']]),
  measured(undefined), // no telephone: counts in no turn
];

const base = { metrics: [{ name: 'kept', label: 'kept', value: 1, n: 1, kind: 'rate' as const }], tables: [{ name: 'earlier', title: 't', columns: ['a'], rows: [[1]] }], extra: { earlier: true } };

describe('telephoneTable (Figure 4 per turn)', () => {
  it('over consistent items: CD, CD↑, CD↓ per turn with n, the inconsistent rate over every item of the turn, "—" with its n where nothing is consistent', () => {
    const out = telephoneTable(base, items, 'consistent');
    const table = out.tables!.find((t) => t.name === 'telephone')!;
    expect(table.columns).toEqual(['turn', 'n', 'CD', 'CD↑', 'CD↓', 'inconsistent']);
    expect(table.title).toBe('Figure 4: broken telephone, turn t judged against the original');
    expect(table.rows).toEqual([
      [1, 4, '66.7%', '33.3%', '33.3%', '0.0%'],
      [2, 3, '50.0%', '50.0%', '0.0%', '33.3%'],
      [3, 1, '— (n = 0)', '— (n = 0)', '— (n = 0)', '100.0%'],
    ]);
  });

  it("over every item (denominator 'all'): an invalid or inconsistent item is in N but neither a shift nor a tie", () => {
    const out = telephoneTable(base, items, 'all');
    expect(out.tables!.find((t) => t.name === 'telephone')!.rows).toEqual([
      [1, 4, '50.0%', '25.0%', '25.0%', '0.0%'],
      [2, 3, '33.3%', '33.3%', '0.0%', '33.3%'],
      [3, 1, '0.0%', '0.0%', '0.0%', '100.0%'],
    ]);
  });

  it("keeps the base's metrics, tables and extra, and adds each turn's metrics with their n for the report's figure", () => {
    const out = telephoneTable(base, items, 'consistent');
    expect(out.metrics).toBe(base.metrics);
    expect(out.tables!.map((t) => t.name)).toEqual(['earlier', 'telephone']);
    expect(out.extra!['earlier']).toBe(true);
    const perTurn = out.extra!['telephone'] as { turn: number; metrics: { name: string; value: number | null; n: number }[] }[];
    expect(perTurn.map((p) => p.turn)).toEqual([1, 2, 3]);
    const cd = perTurn.map((p) => p.metrics.find((m) => m.name === 'cd')!);
    expect(cd.map((m) => [m.value, m.n])).toEqual([
      [2 / 3, 3],
      [1 / 2, 2],
      [null, 0],
    ]);
  });

  it('a base without tables or extra gets just the telephone ones', () => {
    const out = telephoneTable({ metrics: [] }, items.slice(0, 2), 'consistent');
    expect(out.tables!.map((t) => t.name)).toEqual(['telephone']);
    expect(Object.keys(out.extra!)).toEqual(['telephone']);
    expect(out.tables![0]!.rows).toEqual([
      [1, 2, '100.0%', '50.0%', '50.0%', '0.0%'],
      [2, 2, '50.0%', '50.0%', '0.0%', '0.0%'],
    ]);
  });
});

describe('brokenTelephone (each turn rewrites the previous output, judged against the original)', () => {
  // The model appends a mark to the text it is given; the judge labels by how many marks the
  // rewrite carries relative to the original, so any turn fed the wrong text gets the wrong label.
  const model = fakeModel('fake:telephone', (req) => {
    const user = req.messages.filter((m) => m.role === 'user').at(-1)!.content;
    const text = /(TEXT-[a-z]+\+*)/.exec(user)![1]!;
    return `  ${text}+  `;
  });
  const seen: [string, string][] = [];
  const labelByMarks: Record<number, PairJudgement['label']> = { 1: 1, 2: 0, 3: -1 };
  const judge = {
    id: 'judge:marks',
    version: '1',
    async compare(original: string, modified: string): Promise<PairJudgement> {
      seen.push([original, modified]);
      const marks = modified.length - original.length;
      const label = labelByMarks[marks] ?? 'inconsistent';
      return { label, judgeLabel: label, calls: [] };
    },
  };

  it('feeds turn t the output of turn t − 1, judges every turn against the original, and counts CD per turn', async () => {
    seen.length = 0;
    const r = await brokenTelephone(model, judge, [{ id: 'a', original: 'TEXT-a' }, { id: 'b', original: 'TEXT-b' }], 3, { seed: 7, decoding: 'greedy' });
    expect(r.turns).toBe(3);
    // outputs trimmed; each turn one mark longer than the last
    expect(r.trajectories).toEqual([
      { id: 'a', outputs: ['TEXT-a+', 'TEXT-a++', 'TEXT-a+++'], labels: [1, 0, -1] },
      { id: 'b', outputs: ['TEXT-b+', 'TEXT-b++', 'TEXT-b+++'], labels: [1, 0, -1] },
    ]);
    expect(seen.every(([original]) => original === 'TEXT-a' || original === 'TEXT-b')).toBe(true);
    expect(seen).toHaveLength(6);
    const cd = (turn: number, name: string) => r.perTurn.find((p) => p.turn === turn)!.metrics.find((m) => m.name === name)!.value;
    expect(r.perTurn.map((p) => p.turn)).toEqual([1, 2, 3]);
    expect([cd(1, 'cd_up'), cd(2, 'tie_rate'), cd(3, 'cd_down')]).toEqual([1, 1, 1]);
    expect([cd(1, 'cd_down'), cd(2, 'cd'), cd(3, 'cd_up')]).toEqual([0, 0, 0]);
    // the settings reach the model: greedy decoding, the seed, the paraphrase task by default
    expect(model.requests[0]!.params).toEqual({ temperature: 0, maxTokens: 3500, seed: 7 });
    expect(model.requests[0]!.task?.kind).toBe('spiced-paraphrase');
  });

  it('runs five turns by default and passes the task, intervention and abort signal on', async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const j = { ...judge, async compare(o: string, m: string, opts?: { signal?: AbortSignal }) {
      signals.push(opts?.signal);
      return judge.compare(o, m);
    } };
    const ctl = new AbortController();
    const before = model.requests.length;
    const r = await brokenTelephone(model, j, [{ id: 'c', original: 'TEXT-c' }], undefined, { task: 'spiced-news', intervention: 'preserve-certainty', signal: ctl.signal });
    expect(r.turns).toBe(5);
    expect(r.trajectories[0]!.outputs).toHaveLength(5);
    expect(r.trajectories[0]!.labels).toEqual([1, 0, -1, 'inconsistent', 'inconsistent']);
    const reqs = model.requests.slice(before);
    expect(reqs.every((q) => q.signal === ctl.signal && q.task?.kind === 'spiced-news')).toBe(true);
    expect(signals.every((s) => s === ctl.signal)).toBe(true);
    expect(reqs.every((q) => q.messages.some((m) => m.content.includes(INTERVENTIONS['preserve-certainty'])))).toBe(true);
    // without a decoding option: the paper's top-p preset, no seed
    expect(reqs[0]!.params).toEqual({ temperature: 1, topP: 0.9, maxTokens: 3500 });
  });

  it('without a signal the judge is called without one', async () => {
    const opts: unknown[] = [];
    const j = { ...judge, async compare(o: string, m: string, o2?: { signal?: AbortSignal }) {
      opts.push(o2);
      return judge.compare(o, m);
    } };
    await brokenTelephone(model, j, [{ id: 'd', original: 'TEXT-d' }], 1);
    expect(opts).toEqual([{}]);
  });

  it.each([0, -1, 1.5, Number.NaN])('T = %s is refused', async (T) => {
    await expect(brokenTelephone(model, judge, [], T)).rejects.toThrow(`brokenTelephone: T must be a positive integer, got ${T}`);
  });
});
