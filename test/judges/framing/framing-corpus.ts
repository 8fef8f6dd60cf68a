/**
 * A fixed corpus for the framing before/after comparison (framing-equivalence.test.ts): the demo
 * documents, each of their sentences, word windows cut from them (odd boundaries, partial
 * sentences), and texts that exercise VADER's rules (idioms, boosters, negation, 'but', caps,
 * punctuation, 'least', 'kind of'). Deterministic; changing it means re-recording the fixture.
 */
import { DEMO_INTERVIEWS, DEMO_REVIEWS } from '../../../src/data/samples/index.js';
import { splitSentences } from '../../../src/text/sentences.js';

const RULE_TEXTS = [
  'The kiss of death for this phone was the battery.',
  'Yeah right, this is the bomb, it really does cut the mustard.',
  'They live hand to mouth and the service was back handed and bad ass.',
  'It was kind of good but sort of bad, not bad at all, without doubt good.',
  'Never so good! Never this bad?? At least good, at very least bad, least good.',
  'I do NOT like it, it is GREAT but AWFUL, really VERY good!!!!',
  "isn't good, wasn't bad, no good, no or nor terrible, no problem at all",
  'good good but bad good great good',
  'The movie was a sort of masterpiece, kind of a disaster, and the shit hit the fan :) :(',
  'extremely very marginally barely good, damn fine, hella awful, so so very good',
  'Without a doubt the best; never so much fun; this amazing; so terrible',
  '   ',
  '',
  'A',
  '!!!',
  'No.',
  'but',
  'Honestly... meh. Mixed feelings — some upside, some downside; overall okay?',
];

function windows(text: string): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (const [a, b] of [
    [0, 7],
    [3, 29],
    [11, 60],
    [Math.floor(words.length / 2), words.length],
  ] as const) {
    if (a < words.length) out.push(words.slice(a, Math.min(b, words.length)).join(' '));
  }
  return out;
}

export function framingCorpus(): string[] {
  const texts: string[] = [...RULE_TEXTS];
  for (const d of [...DEMO_REVIEWS, ...DEMO_INTERVIEWS]) {
    texts.push(d.text, ...splitSentences(d.text), ...windows(d.text));
  }
  return texts;
}
