import type { PrimacyMeasurement } from './index.js';
import type { ThirdsUnit } from '../../text/thirds.js';
import { fmt, sourceOutputDetail, summaryOf } from '../item-view-common.js';
import type { ItemViewer } from '../item-view.js';

export const primacyItems: ItemViewer = {
  summary(input) {
    const m = input.measurement as PrimacyMeasurement;
    return summaryOf(input, [...(m.primacy ? ['changed', 'primacy'] : []), ...(m.recency ? ['recency'] : [])], [['s_b', fmt(m.sB)], ['s_m', fmt(m.sM)], ['s_e', fmt(m.sE)], ['primacy', m.primacy ? 'yes' : 'no']]);
  },
  detail(input) {
    const unit = (input.options.split as ThirdsUnit | undefined) ?? 'words';
    return sourceOutputDetail(input, this.summary(input), { unit });
  },
};
