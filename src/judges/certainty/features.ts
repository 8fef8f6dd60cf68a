/**
 * Epistemic-marker extraction for the offline comparator: tokenise (lowercase words; "and/or"
 * kept), match lexicon phrases longest-first without overlap, and classify causal verbs as direct
 * ("X reduces Y") or conditional ("X may reduce Y"), skipping adjectival participles ("increased
 * risk"). Each text also gets a claim class on the causal-strength scale:
 *   0 no relation, 1 correlational, 2 conditional causal, 3 direct causal (the strongest present).
 */
import { ADJECTIVAL_HEADS, CAUSAL_VERBS, CONDITIONAL_TRIGGERS, MARKERS, type MarkerCategory } from './lexicon.js';

export type FeatureName = MarkerCategory | 'direct_causal' | 'conditional_causal' | 'number';

export const FEATURE_NAMES: readonly FeatureName[] = [
  ...(Object.keys(MARKERS) as MarkerCategory[]),
  'direct_causal',
  'conditional_causal',
  'number',
];

export interface MarkerHit {
  /** the matched phrase (lowercase) */
  phrase: string;
  feature: FeatureName;
  /** token index */
  at: number;
}

export interface TextMarkers {
  tokens: string[];
  hits: MarkerHit[];
  claimClass: 0 | 1 | 2 | 3;
}

interface PhraseIndex {
  /** first word → phrases starting with it (as word arrays, longest first) with their feature */
  byFirst: Map<string, { words: string[]; phrase: string; feature: FeatureName }[]>;
}

function buildIndex(): PhraseIndex {
  const byFirst: PhraseIndex['byFirst'] = new Map();
  const seen = new Set<string>();
  const add = (phrase: string, feature: FeatureName): void => {
    const p = phrase.toLowerCase().trim();
    if (!p || seen.has(p)) return; // the first category listing a phrase keeps it
    seen.add(p);
    const words = p.split(/\s+/);
    const first = words[0]!;
    const arr = byFirst.get(first) ?? [];
    arr.push({ words, phrase: p, feature });
    byFirst.set(first, arr);
  };
  for (const cat of Object.keys(MARKERS) as MarkerCategory[]) for (const p of MARKERS[cat]) add(p, cat);
  for (const p of CAUSAL_VERBS) add(p, 'direct_causal');
  for (const arr of byFirst.values()) arr.sort((a, b) => b.words.length - a.words.length);
  return { byFirst };
}

let INDEX: PhraseIndex | undefined;
const index = (): PhraseIndex => (INDEX ??= buildIndex());

function markerTokens(text: string): string[] {
  // Sentence and clause punctuation become a '<s>' token so that hedges do not reach across it.
  const spaced = text.toLowerCase().replace(/[’‘]/g, "'").replace(/[.;:!?]+(?=\s|$)/g, ' <s> ');
  return (spaced.match(/<s>|[\p{L}\p{N}]+(?:[/'-][\p{L}\p{N}]+)*/gu) ?? []).flatMap((t) => (t.endsWith("'s") ? [t.slice(0, -2)] : [t]));
}

const CLAUSE_BREAK = new Set(['but', 'while', 'whereas', 'however', 'although', '<s>']);

/** A causal cue is conditional when a hedge precedes it in the same clause (or follows within 2 words). */
function isConditional(tokens: readonly string[], at: number, len: number): boolean {
  for (let k = at - 1; k >= Math.max(0, at - 12); k--) {
    const t = tokens[k]!;
    if (CLAUSE_BREAK.has(t)) break;
    if (CONDITIONAL_TRIGGERS.has(t)) return true;
  }
  for (let k = at + len; k < Math.min(tokens.length, at + len + 2); k++) if (CONDITIONAL_TRIGGERS.has(tokens[k]!)) return true;
  return false;
}

export function extractMarkers(text: string): TextMarkers {
  const tokens = markerTokens(text);
  const hits: MarkerHit[] = [];
  const { byFirst } = index();
  let i = 0;
  while (i < tokens.length) {
    const cands = byFirst.get(tokens[i]!);
    let matched = false;
    if (cands) {
      for (const c of cands) {
        if (c.words.every((w, k) => tokens[i + k] === w)) {
          let feature = c.feature;
          if (feature === 'direct_causal' || feature === 'causal_noun') {
            const next = tokens[i + c.words.length];
            const last = c.words.at(-1)!;
            const participle = /ed$|en$/.test(last) || last === 'cut' || last === 'made';
            if (participle && next !== undefined && ADJECTIVAL_HEADS.has(next)) {
              i += c.words.length;
              matched = true;
              break;
            }
            feature = isConditional(tokens, i, c.words.length) ? 'conditional_causal' : 'direct_causal';
          }
          hits.push({ phrase: c.phrase, feature, at: i });
          i += c.words.length;
          matched = true;
          break;
        }
      }
    }
    if (!matched) {
      if (/^\d/.test(tokens[i]!)) hits.push({ phrase: '<number>', feature: 'number', at: i });
      i++;
    }
  }
  const count = (f: FeatureName): number => hits.filter((h) => h.feature === f).length;
  const direct = count('direct_causal');
  const conditional = count('conditional_causal');
  const correlational = count('correlational');
  // A correlational frame ("associated with improved survival") governs the causal words inside it.
  const claimClass = correlational > 0 && direct <= correlational ? (conditional > correlational ? 2 : 1) : direct > 0 ? 3 : conditional > 0 ? 2 : correlational > 0 ? 1 : 0;
  return { tokens, hits, claimClass };
}
