import type { PositionMeasurement } from './index.js';
import { asText, fmt, outputText, pairSpec, plainText, sourceOutputDetail, summaryOf } from '../item-view-common.js';
import type { ItemInput, ItemViewer } from '../item-view.js';

export const positionItems: ItemViewer = {
  summary(input) {
    const m = input.measurement as PositionMeasurement;
    const outs = Object.entries(m.outputs ?? {});
    const scores: [string, string][] = [['article sentences', fmt(m.articleSentences)]];
    for (const [name, o] of outs.slice(0, 3)) scores.push([`${name === '' || outs.length === 1 ? '' : `${name} `}segments`, o.counts.join(' ')], [`${outs.length === 1 ? '' : `${name} `}ROUGE-1 F`, fmt(o.rouge?.rouge1?.fmeasure)]);
    return summaryOf(input, [...(m.excluded ? ['excluded'] : []), ...(m.short ? ['short'] : []), ...(m.overCap !== undefined ? ['over a work cap'] : [])], scores);
  },
  detail(input) {
    const { view, first, systems, topK } = shown(input);
    const d = sourceOutputDetail(view, this.summary(input), { unit: 'sentences', topK, more: systems.map((s) => plainText(`output of ${s.name}`, s.text)) });
    if (first && d.texts[1]) d.texts[1] = { ...d.texts[1], title: `output of ${first.name}` };
    // the view maps with TF-IDF, the probe's default; say so when the run used another mapper
    const mapper = input.options.mapper;
    const m = input.measurement as PositionMeasurement;
    if (m.overCap !== undefined) d.sections.unshift({ title: 'left out', text: m.overCap });
    if (typeof mapper === 'string' && mapper !== 'tfidf') d.sections.unshift({ title: 'sentence mapping', text: `shown with TF-IDF cosine (top ${topK}); this run placed sentences with the ${mapper} mapper, so its segment counts may differ` });
    return d;
  },
  pair(input) {
    const { view, topK } = shown(input);
    return pairSpec(view, { unit: 'sentences', topK });
  },
};

/** What an item's view shows: a file of several systems ({ system: summary }) has its first mapped, the others beside it. */
function shown(input: ItemInput): { view: ItemInput; first: { name: string; text: string } | undefined; systems: { name: string; text: string }[]; topK: number } {
  const systems = Object.entries((input.fields?.outputs ?? {}) as Record<string, unknown>).flatMap(([name, t]) => {
    const text = asText(t);
    return text === undefined ? [] : [{ name, text }];
  });
  const first = outputText(input) === undefined ? systems.shift() : undefined;
  const view = first ? { ...input, output: { text: first.text } } : input;
  const topK = typeof input.options.topK === 'number' ? input.options.topK : 1;
  return { view, first, systems, topK };
}
