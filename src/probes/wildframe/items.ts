import type { WildframeMeasurement } from './index.js';
import { asText, fmt, plainText, outputSections, summaryOf } from '../item-view-common.js';
import type { ItemViewer } from '../item-view.js';

export const wildframeItems: ItemViewer = {
  summary(input) {
    const m = input.measurement as WildframeMeasurement;
    const tags = [...(m.outcome === 'framed' ? ['changed'] : []), ...(m.outcome === 'unparseable' ? ['unreadable'] : []), `polarity:${m.baseSentiment}`, `outcome:${m.outcome}`];
    return summaryOf(input, tags, [['base', m.baseSentiment], ['answer', m.label ?? (m.outcome === 'unparseable' ? 'unreadable' : fmt(m.value))], ['outcome', m.outcome], ['human score', fmt(m.humanScore)]]);
  },
  detail(input) {
    const m = input.measurement as WildframeMeasurement;
    const texts = (['base', 'framed'] as const).flatMap((f) => {
      const t = asText(input.fields?.[f]);
      return t === undefined ? [] : [plainText(f === 'base' ? 'base statement' : 'framed statement', t)];
    });
    const answer = m.answer ?? asText(input.fields?.prediction);
    return { ...this.summary(input), texts, sections: [{ title: m.label === null ? `model answer: unreadable (${m.unreadable ?? 'no label found'})` : `model answer (read ${m.label} via ${m.via})`, text: answer ?? '(no raw answer stored)' }, ...outputSections(input)] };
  },
};
