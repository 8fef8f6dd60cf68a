import { z } from 'zod';
import { countExcluded, withExcluded, type Excluded } from '../../core/excluded.js';
import { exclusionOf, FRAMINGS, isUnreadableAnswer, type Framing, type Metric, type UnreadableAnswer } from '../../core/types.js';
import { proportionMetric } from '../../stats/proportion.js';
import type { CardedInstrument, GroupResult, Probe, ProbeJudges } from '../types.js';
import { correctedFramingFromCounts } from './corrected.js';
import { presentFraming } from './present.js';
import { countTransition, TABLE2_TRANSITIONS, transitionCounts, transitionName } from './transitions.js';

export const framingRecordSchema = z.object({
  id: z.string(),
  source: z.string().min(1),
  output: z.string().min(1),
});
export type FramingRecord = z.infer<typeof framingRecordSchema>;

export const framingOptionsSchema = z.object({}).strict();
export type FramingOptions = z.infer<typeof framingOptionsSchema>;

/**
 * Per item: f_c (framing of the source context), f_s (framing of the summary/output). When the
 * judge's answer for either text states no label, that side is null and `unreadable` says why:
 * the item is left out of every number and counted in their `excluded`.
 */
export interface FramingMeasurement {
  fC: Framing | null;
  fS: Framing | null;
  changed: boolean;
  unreadable?: { source?: UnreadableAnswer; output?: UnreadableAnswer };
}

/** An item whose two framings were read. */
export type ReadFramingMeasurement = FramingMeasurement & { fC: Framing; fS: Framing };

export function isReadFraming(m: FramingMeasurement): m is ReadFramingMeasurement {
  return m.fC !== null && m.fS !== null;
}

/** Why an item is left out of framing's numbers (a metric's `excluded` key), or undefined when both framings were read. */
function framingExclusion(m: FramingMeasurement): string | undefined {
  const u = m.unreadable?.source ?? m.unreadable?.output;
  return isReadFraming(m) ? undefined : u ? exclusionOf(u) : 'unreadable';
}

/** Items left out because a judge answer could not be read, by reason key (a metric's `excluded`). */
export function framingExcluded(items: readonly FramingMeasurement[]): Excluded | undefined {
  return countExcluded(items, framingExclusion);
}

/** What every framing number of a group is made of: the transitions of the items read (n of them) and why the others were left out. */
export interface FramingTally {
  counts: number[][];
  n: number;
  excluded: Excluded | undefined;
}

export function framingTally(all: readonly FramingMeasurement[]): FramingTally {
  const items = all.filter(isReadFraming);
  return { counts: transitionCounts(items), n: items.length, excluded: framingExcluded(all) };
}

/** The same tally made one item at a time (a run's aggregation reads its items page by page). */
export class FramingTallier {
  private readonly counts = FRAMINGS.map(() => FRAMINGS.map(() => 0));
  private n = 0;
  private readonly excluded: Excluded = {};

  add(m: FramingMeasurement): void {
    const reason = framingExclusion(m);
    if (reason !== undefined) {
      this.excluded[reason] = (this.excluded[reason] ?? 0) + 1;
      return;
    }
    countTransition(this.counts, m as ReadFramingMeasurement);
    this.n++;
  }

  tally(): FramingTally {
    return { counts: this.counts.map((r) => [...r]), n: this.n, excluded: Object.keys(this.excluded).length ? { ...this.excluded } : undefined };
  }
}

/**
 * Seed 000, eq. 1: φ_frame = (1/n) Σ 𝕀(f_c ≠ f_s), plus the 3×3 transition matrix and the six
 * off-diagonal rates of Table 2 (each the share of ALL items that moved from x to y).
 */
export function aggregateFraming(all: readonly FramingMeasurement[]): { metrics: Metric[]; counts: number[][] } {
  const t = framingTally(all);
  return { metrics: framingMetrics(t), counts: t.counts };
}

function framingMetrics({ counts, n, excluded }: FramingTally): Metric[] {
  const changed = n - FRAMINGS.reduce((a, _, i) => a + (counts[i]?.[i] ?? 0), 0);
  const metrics: Metric[] = [proportionMetric('phi_frame', 'φ_frame (framing-change fraction, eq. 1)', changed, n)];
  for (const [from, to] of TABLE2_TRANSITIONS) {
    const c = counts[FRAMINGS.indexOf(from)]?.[FRAMINGS.indexOf(to)] ?? 0;
    metrics.push(proportionMetric(`shift_${from}_to_${to}`, transitionName(from, to), c, n));
  }
  FRAMINGS.forEach((f, i) => {
    metrics.push(proportionMetric(`source_${f}`, `source framed ${f}`, (counts[i] ?? []).reduce((a, c) => a + c, 0), n));
    metrics.push(proportionMetric(`output_${f}`, `output framed ${f}`, counts.reduce((a, r) => a + (r[i] ?? 0), 0), n));
  });
  return metrics.map((m) => withExcluded(m, excluded));
}

/** A group's metrics and its two transition tables (counts, and % of the items read). */
function framingGroup(t: FramingTally): Omit<GroupResult, 'labels'> {
  const { counts, n } = t;
  const header = ['source \\ output', ...FRAMINGS];
  return {
    metrics: framingMetrics(t),
    tables: [
      {
        name: 'transitions',
        title: 'Framing transitions (rows: source, columns: output), counts',
        columns: header,
        rows: FRAMINGS.map((f, i) => [f, ...(counts[i] ?? [])]),
      },
      {
        name: 'transitions_pct',
        title: 'Framing transitions, % of all items',
        columns: header,
        rows: FRAMINGS.map((f, i) => [f, ...(counts[i] ?? []).map((c) => (n ? Number(((100 * c) / n).toFixed(1)) : null))]),
      },
    ],
  };
}

/** The rates corrected for the judge's error, from a group's tally (no judge, or no card: none). */
function framingCorrected(t: FramingTally, judges: ProbeJudges): { metrics: Metric[]; judges: CardedInstrument[] } {
  const j = judges.framing;
  if (!j) return { metrics: [], judges: [] };
  // a card the user saved for this judge wins over the one it ships with
  const card = judges.cardFor?.('framing', j.id, j.version) ?? j.card;
  const corrected = card ? correctedFramingFromCounts(t.counts, t.n, card).map((m) => withExcluded(m, t.excluded)) : [];
  return { metrics: corrected, judges: [{ id: j.id, version: j.version, ...(card ? { card } : {}) }] };
}

export const framingProbe: Probe<FramingRecord, FramingMeasurement, FramingOptions> = {
  name: 'framing',
  description: 'Framing shift (seed 000, eq. 1): does the output carry a different sentiment than its source?',
  fields: [
    { name: 'id', required: false, description: 'record id (derived from content when absent)' },
    { name: 'source', required: true, description: 'the text the model processed' },
    { name: 'output', required: true, description: 'the model output (e.g. a summary)' },
  ],
  recordSchema: framingRecordSchema,
  optionsSchema: framingOptionsSchema,
  needs: () => ['framing'],
  async measure(record, ctx) {
    const judge = ctx.judges.framing;
    if (!judge) throw new Error('framing probe needs a framing judge');
    const [c, s] = await judge.classify([record.source, record.output], { signal: ctx.signal });
    if (!c || !s) throw new Error(`framing judge ${judge.id} returned fewer labels than texts`);
    const fC = isUnreadableAnswer(c) ? null : c;
    const fS = isUnreadableAnswer(s) ? null : s;
    const m: FramingMeasurement = { fC, fS, changed: fC !== null && fS !== null && fC !== fS };
    if (isUnreadableAnswer(c) || isUnreadableAnswer(s)) m.unreadable = { ...(isUnreadableAnswer(c) ? { source: c } : {}), ...(isUnreadableAnswer(s) ? { output: s } : {}) };
    return m;
  },
  // an item whose framing could not be read has no value: left out of the summary's φ_frame
  itemValues: (m): Record<string, number> => (isReadFraming(m) ? { phi_frame: m.changed ? 1 : 0 } : {}),
  itemKinds: { phi_frame: { kind: 'rate' } },
  corrected: (items, _options, judges) => framingCorrected(framingTally(items.map((i) => i.measurement)), judges),
  accumulate() {
    const t = new FramingTallier();
    return { add: (m) => t.add(m), aggregate: () => framingGroup(t.tally()), corrected: (judges) => framingCorrected(t.tally(), judges) };
  },
  present: presentFraming,
  aggregate: (items) => framingGroup(framingTally(items.map((i) => i.measurement))),
};
