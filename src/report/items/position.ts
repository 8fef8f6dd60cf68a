import type { PositionMeasurement } from '../../probes/position/index.js';
import { fmt, sourceOutputDetail, summaryOf } from './common.js';
import type { ItemViewer } from './types.js';

export const positionItems: ItemViewer = {
  summary(input) {
    const m = input.measurement as PositionMeasurement;
    const outs = Object.entries(m.outputs ?? {});
    const scores: [string, string][] = [['article sentences', fmt(m.articleSentences)]];
    for (const [name, o] of outs.slice(0, 3)) scores.push([`${name === '' || outs.length === 1 ? '' : `${name} `}segments`, o.counts.join(' ')], [`${outs.length === 1 ? '' : `${name} `}ROUGE-1 F`, fmt(o.rouge?.rouge1?.fmeasure)]);
    return summaryOf(input, [...(m.excluded ? ['excluded'] : []), ...(m.short ? ['short'] : [])], scores);
  },
  detail(input) {
    return sourceOutputDetail(input, this.summary(input), { unit: 'sentences' });
  },
};
