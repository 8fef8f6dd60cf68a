import { isReadFraming, type FramingMeasurement } from './index.js';
import { pairSpec, sourceOutputDetail, summaryOf } from '../item-view-common.js';
import type { ItemViewer } from '../item-view.js';

export const framingItems: ItemViewer = {
  summary(input) {
    const m = input.measurement as FramingMeasurement;
    const tags = isReadFraming(m) ? [...(m.changed ? ['changed'] : []), `transition:${m.fC}>${m.fS}`] : ['unreadable'];
    return summaryOf(input, tags, [
      ['source framing', m.fC ?? 'unreadable'],
      ['output framing', m.fS ?? 'unreadable'],
    ]);
  },
  detail(input) {
    const m = input.measurement as FramingMeasurement;
    const d = sourceOutputDetail(input, this.summary(input));
    // the judge's answers that stated no label, with the reason, so a reader can check them
    for (const [side, u] of Object.entries(m.unreadable ?? {})) if (u) d.sections.push({ title: `judge's answer on the ${side}: unreadable (${u.unreadable})`, text: u.answer });
    return d;
  },
  pair: (input) => pairSpec(input),
};
