import type { HallucinationMeasurement } from './index.js';
import { asText, plainText, outputSections, summaryOf } from '../item-view-common.js';
import type { ItemDetail, ItemViewer } from '../item-view.js';

const v = (x: boolean | null): string => (x === null ? 'unreadable' : x ? 'True' : 'False');

export const hallucinationItems: ItemViewer = {
  summary(input) {
    const m = input.measurement as HallucinationMeasurement;
    const strict = m.actual.verdict === true && m.falsified.verdict === false;
    const unreadable = m.actual.verdict === null || m.falsified.verdict === null;
    return summaryOf(input, [`period:${m.period}`, ...(strict ? [] : ['changed', 'wrong']), ...(unreadable ? ['unreadable'] : [])], [['period', m.period], ['true item', v(m.actual.verdict)], ['falsified item', v(m.falsified.verdict)]]);
  },
  detail(input) {
    const m = input.measurement as HallucinationMeasurement;
    const texts = (['true_text', 'false_text'] as const).flatMap((f) => {
      const t = asText(input.fields?.[f]);
      return t === undefined ? [] : [plainText(f === 'true_text' ? 'true news item' : 'falsified news item', t)];
    });
    const sections = (['actual', 'falsified'] as const).map((k) => ({
      title: `fact-check of the ${k === 'actual' ? 'true' : 'falsified'} item: ${v(m[k].verdict)}${m[k].confidence ? ` (${m[k].confidence} confidence)` : ''}${m[k].verdict === null ? ` (${m[k].unreadable ?? 'no verdict stated'})` : `, read via ${m[k].via}`}`,
      text: m[k].answer ?? asText(input.fields?.[k === 'actual' ? 'true_answer' : 'false_answer']) ?? '(no raw answer stored)',
    }));
    const d: ItemDetail = { ...this.summary(input), texts, sections: [...sections, ...outputSections(input)] };
    return d;
  },
};
