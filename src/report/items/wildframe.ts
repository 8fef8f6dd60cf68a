import type { WildframeMeasurement } from '../../probes/wildframe/index.js';
import { asText, fmt, plainText, stepSections, summaryOf } from './common.js';
import type { ItemViewer } from './types.js';

export const wildframeItems: ItemViewer = {
  summary(input) {
    const m = input.measurement as WildframeMeasurement;
    return summaryOf(input, [...(m.outcome === 'framed' ? ['changed'] : []), `polarity:${m.baseSentiment}`, `outcome:${m.outcome}`], [['base', m.baseSentiment], ['answer', fmt(m.label ?? m.value)], ['outcome', m.outcome], ['human score', fmt(m.humanScore)]]);
  },
  detail(input) {
    const m = input.measurement as WildframeMeasurement;
    const texts = (['base', 'framed'] as const).flatMap((f) => {
      const t = asText(input.fields?.[f]);
      return t === undefined ? [] : [plainText(f === 'base' ? 'base statement' : 'framed statement', t)];
    });
    const answer = m.answer ?? asText(input.fields?.prediction);
    return { ...this.summary(input), texts, sections: [{ title: `model answer (parsed ${m.label ?? '—'} via ${m.via})`, text: answer ?? '(no raw answer stored)' }, ...stepSections(input)] };
  },
};
