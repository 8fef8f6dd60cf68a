import type { FramingMeasurement } from '../../probes/framing/index.js';
import { sourceOutputDetail, summaryOf } from './common.js';
import type { ItemViewer } from './types.js';

export const framingItems: ItemViewer = {
  summary(input) {
    const m = input.measurement as FramingMeasurement;
    return summaryOf(input, [...(m.changed ? ['changed'] : []), `transition:${m.fC}>${m.fS}`], [['source framing', m.fC], ['output framing', m.fS]]);
  },
  detail(input) {
    return sourceOutputDetail(input, this.summary(input));
  },
};
