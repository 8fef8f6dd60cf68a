import { CodedColumn } from '../../core/coded-column.js';
import type { LanguageModel } from '../../models/types.js';
import { FloatColumn } from '../../stats/float-column.js';
import type { ItemAccumulator } from '../types.js';
import type { AggregateItem } from './aggregate.js';
import { aggregateItemOf, certaintyCorrected, certaintyGroup, certaintyInstruments, isModerated, type CertaintyItemFields } from './group.js';
import type { CertaintyMeasurement, CertaintyOptions, SourceRanking } from './schema.js';
import type { Stratum } from './strata.js';

/** The discrete part of what a group's numbers read of an item: its labels, comparator, a given stratum and its telephone's turns. */
type CertaintyShape = Pick<CertaintyMeasurement, 'label' | 'judgeLabel' | 'comparator' | 'turns'> & {
  moderator?: Pick<NonNullable<CertaintyMeasurement['moderator']>, 'label'>;
  sourceCertainty?: Stratum;
};

/** A number kept in a typed column, NaN when absent (a stored measurement never holds NaN: JSON has none). */
const orNaN = (x: number | undefined): number => (x === undefined ? NaN : x);

/**
 * Certainty's numbers made one item at a time (Probe.accumulate), never holding the items' judge
 * calls, reasoning or texts. Kept per item: the code of its discrete shape (labels, comparator, a
 * given stratum, the telephone's turns: a byte while a group has at most 256 shapes) and three
 * numbers in typed columns (word edit distance, embedding cosine, a numeric source certainty);
 * the App. D.2 ranking rows, which the ranking table lists one per source anyway. When the cell is
 * done, the items aggregateCertainty counts are built from these (a label and a few numbers
 * each, as the whole-array aggregate builds them) and the numbers are certaintyGroup's, in the
 * items' order: the same digits, and the formulas (strata by rank, means) in one place.
 */
export function accumulateCertainty(options: CertaintyOptions, moderator?: LanguageModel): ItemAccumulator<CertaintyMeasurement> {
  const shapes = new CodedColumn<CertaintyShape>();
  const wed = new FloatColumn();
  const cosine = new FloatColumn();
  const certainty = new FloatColumn();
  // one entry per item from the first ranked item on (the entries before it are undefined)
  let rankings: (SourceRanking | undefined)[] | undefined;
  let reviewed = false;
  let offline = false;
  let telephone = false;
  return {
    add(m) {
      const s: CertaintyShape = { label: m.label, judgeLabel: m.judgeLabel, comparator: m.comparator };
      if (m.moderator) s.moderator = { label: m.moderator.label };
      if (typeof m.sourceCertainty === 'string') s.sourceCertainty = m.sourceCertainty;
      if (m.turns) s.turns = m.turns.map((t) => ({ turn: t.turn, label: t.label }));
      shapes.push(JSON.stringify(s), s);
      wed.push(orNaN(m.wed));
      cosine.push(orNaN(m.cosine));
      certainty.push(typeof m.sourceCertainty === 'number' ? m.sourceCertainty : NaN);
      if (m.sourceRanking) rankings ??= new Array<undefined>(shapes.length - 1).fill(undefined);
      rankings?.push(m.sourceRanking);
      reviewed ||= m.moderator !== undefined;
      offline ||= m.comparator === 'offline';
      telephone ||= m.turns !== undefined;
    },
    aggregate() {
      const moderated = isModerated(options, moderator, reviewed);
      const all = shapes.toArray();
      const [w, c, v] = [wed.values(), cosine.values(), certainty.values()];
      const items = all.map((s, i): AggregateItem => {
        const f: CertaintyItemFields = { label: s.label, judgeLabel: s.judgeLabel };
        if (s.moderator) f.moderator = s.moderator;
        const r = rankings?.[i];
        if (r) f.sourceRanking = r;
        if (!Number.isNaN(w[i])) f.wed = w[i];
        if (!Number.isNaN(c[i])) f.cosine = c[i];
        if (s.sourceCertainty !== undefined) f.sourceCertainty = s.sourceCertainty;
        else if (!Number.isNaN(v[i])) f.sourceCertainty = v[i];
        return aggregateItemOf(f, moderated);
      });
      const ranked = (rankings ?? []).filter((r): r is SourceRanking => r !== undefined);
      return certaintyGroup(items, ranked, telephone ? all : undefined, options, moderated);
    },
    corrected: (judges) => certaintyCorrected(shapes.toArray(), options, judges, moderator),
    instruments: () => certaintyInstruments(offline, options),
  };
}
