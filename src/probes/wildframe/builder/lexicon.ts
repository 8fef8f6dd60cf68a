import type { Polarity } from '../score.js';
import { lemmaFrom3sg, verbForms } from './inflect.js';
import {
  CAUSE_SYNONYMS,
  NEGATIVE_ADJECTIVE_SPELLINGS,
  NEGATIVE_ADJECTIVES,
  NEGATIVE_VERBS,
  POSITIVE_ADJECTIVES,
  POSITIVE_VERBS,
} from './word-lists.js';

interface LexEntry {
  lemma: string;
  polarity: Polarity;
}

function verbMap(): Map<string, LexEntry> {
  const m = new Map<string, LexEntry>();
  for (const [list, polarity] of [
    [POSITIVE_VERBS, 'positive'],
    [NEGATIVE_VERBS, 'negative'],
  ] as const) {
    for (const lemma of list) for (const f of verbForms(lemma)) if (!m.has(f)) m.set(f, { lemma, polarity });
  }
  return m;
}

function adjectiveMap(): Map<string, LexEntry> {
  const m = new Map<string, LexEntry>();
  for (const a of POSITIVE_ADJECTIVES) m.set(a.toLowerCase(), { lemma: a.toLowerCase(), polarity: 'positive' });
  for (const a of [...NEGATIVE_ADJECTIVES, ...NEGATIVE_ADJECTIVE_SPELLINGS]) m.set(a.toLowerCase(), { lemma: a.toLowerCase(), polarity: 'negative' });
  return m;
}

function causeMap(): Map<string, string> {
  const m = new Map<string, string>();
  for (const s of CAUSE_SYNONYMS) {
    const lemma = lemmaFrom3sg(s);
    for (const f of verbForms(lemma)) m.set(f, lemma);
  }
  return m;
}

/** word form (lowercase) -> sentiment verb */
export const SENTIMENT_VERBS: ReadonlyMap<string, LexEntry> = verbMap();
/** word (lowercase) -> sentiment adjective */
export const SENTIMENT_ADJECTIVES: ReadonlyMap<string, LexEntry> = adjectiveMap();
/** word form (lowercase) -> "causes" synonym lemma */
export const CAUSE_VERBS: ReadonlyMap<string, string> = causeMap();
