import { z } from 'zod';
import { countExcluded, withExcluded, type Excluded } from '../../core/excluded.js';
import { exclusionOf, FRAMINGS, isUnreadableAnswer, type Framing, type Metric, type UnreadableAnswer } from '../../core/types.js';
import { proportionMetric } from '../../stats/proportion.js';
import type { Probe } from '../types.js';
import { correctedFramingMetrics } from './corrected.js';
import { presentFraming } from './present.js';
import { TABLE2_TRANSITIONS, transitionCounts, transitionName } from './transitions.js';

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

/** Items left out because a judge answer could not be read, by reason key (a metric's `excluded`). */
export function framingExcluded(items: readonly FramingMeasurement[]): Excluded | undefined {
  return countExcluded(items, (m) => {
    const u = m.unreadable?.source ?? m.unreadable?.output;
    return isReadFraming(m) ? undefined : u ? exclusionOf(u) : 'unreadable';
  });
}

/**
 * Seed 000, eq. 1: φ_frame = (1/n) Σ 𝕀(f_c ≠ f_s), plus the 3×3 transition matrix and the six
 * off-diagonal rates of Table 2 (each the share of ALL items that moved from x to y).
 */
export function aggregateFraming(all: readonly FramingMeasurement[]): { metrics: Metric[]; counts: number[][] } {
  const items = all.filter(isReadFraming);
  const excluded = framingExcluded(all);
  const n = items.length;
  const changed = items.filter((i) => i.fC !== i.fS).length;
  const counts = transitionCounts(items);
  const metrics: Metric[] = [proportionMetric('phi_frame', 'φ_frame (framing-change fraction, eq. 1)', changed, n)];
  for (const [from, to] of TABLE2_TRANSITIONS) {
    const c = counts[FRAMINGS.indexOf(from)]?.[FRAMINGS.indexOf(to)] ?? 0;
    metrics.push(proportionMetric(`shift_${from}_to_${to}`, transitionName(from, to), c, n));
  }
  for (const f of FRAMINGS) {
    metrics.push(proportionMetric(`source_${f}`, `source framed ${f}`, items.filter((i) => i.fC === f).length, n));
    metrics.push(proportionMetric(`output_${f}`, `output framed ${f}`, items.filter((i) => i.fS === f).length, n));
  }
  return { metrics: metrics.map((m) => withExcluded(m, excluded)), counts };
}

export const framingProbe: Probe<FramingRecord, FramingMeasurement, FramingOptions> = {
  name: 'framing',
  description: 'Framing shift (seed 000, eq. 1): does the output carry a different sentiment than its source?',
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
  corrected(items, _options, judges) {
    const j = judges.framing;
    if (!j) return { metrics: [], judges: [] };
    // a card the user saved for this judge wins over the one it ships with
    const card = judges.cardFor?.('framing', j.id, j.version) ?? j.card;
    const all = items.map((i) => i.measurement);
    const corrected = card ? correctedFramingMetrics(all.filter(isReadFraming), card).map((m) => withExcluded(m, framingExcluded(all))) : [];
    return { metrics: corrected, judges: [{ id: j.id, version: j.version, ...(card ? { card } : {}) }] };
  },
  present: presentFraming,
  aggregate(items) {
    const { metrics, counts } = aggregateFraming(items.map((i) => i.measurement));
    const n = items.filter((i) => isReadFraming(i.measurement)).length;
    const header = ['source \\ output', ...FRAMINGS];
    return {
      metrics,
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
  },
};
