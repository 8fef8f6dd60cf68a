import type { PrimacyMeasurement } from './index.js';
import type { ThirdsUnit } from '../../text/thirds.js';
import { fmt, pairSpec, sourceOutputDetail, summaryOf } from '../item-view-common.js';
import type { ItemInput, ItemViewer } from '../item-view.js';

/** How the run cut its sources into thirds (the view marks the same thirds). */
const unitOf = (input: ItemInput): ThirdsUnit => (input.options.split as ThirdsUnit | undefined) ?? 'words';

export const primacyItems: ItemViewer = {
  summary(input) {
    const m = input.measurement as PrimacyMeasurement;
    return summaryOf(input, [...(m.primacy ? ['changed', 'primacy'] : []), ...(m.recency ? ['recency'] : [])], [['s_b', fmt(m.sB)], ['s_m', fmt(m.sM)], ['s_e', fmt(m.sE)], ['primacy', m.primacy ? 'yes' : 'no']]);
  },
  detail(input) {
    return sourceOutputDetail(input, this.summary(input), { unit: unitOf(input) });
  },
  pair: (input) => pairSpec(input, { unit: unitOf(input) }),
};
