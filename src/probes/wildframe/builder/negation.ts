import type { Tok } from './tokens.js';

/**
 * Negation handling for extracted statements (seed 001, Appendix A: "We did not enjoy the show"
 * includes a positive verb but is a negative statement).
 *
 * A sentiment word is negated when an odd number of negation cues stand before it in the same
 * clause, at most NEGATION_WINDOW word tokens before it (or before the "causes" verb of pattern 2).
 * A clause ends at , ; : ( ) . ! ? or a clause-opening conjunction (but, although, because, ...).
 * Two cues cancel ("not without"), as in "I can't say I didn't enjoy it". "not only", "not just",
 * "no doubt" and "no wonder" are not cues. Subordinating and coordinating words (and, or, so, as,
 * than, what, when, how, ...) end the clause too: in "I'm not sure what causes the bad taste" the
 * "not" governs "sure", not "causes".
 */
export const NEGATION_CUES: ReadonlySet<string> = new Set([
  'not', "n't", 'no', 'never', 'nobody', 'nothing', 'none', 'neither', 'nor', 'nowhere', 'hardly', 'barely', 'scarcely',
  'without', 'cannot', 'lack', 'lacks', 'lacked',
  // common review spellings without the apostrophe
  'dont', 'didnt', 'doesnt', 'cant', 'wont', 'isnt', 'wasnt', 'arent', 'werent', 'couldnt', 'wouldnt', 'shouldnt',
  'havent', 'hasnt', 'hadnt', 'aint', 'nt',
]);

const CLAUSE_BREAKS: ReadonlySet<string> = new Set([
  ',', ';', ':', '(', ')', '.', '!', '?', '"',
  'but', 'although', 'though', 'however', 'because', 'while', 'whereas', 'yet', 'which', 'who', 'if', 'unless',
  'and', 'or', 'so', 'since', 'as', 'than', 'what', 'when', 'where', 'why', 'how', 'whether',
]);

export const NEGATION_WINDOW = 4;

/** Negation cues governing the token at `index`: those in its clause within the window. */
export function negationCues(tokens: readonly Tok[], index: number, window = NEGATION_WINDOW): Tok[] {
  const cues: Tok[] = [];
  let words = 0;
  for (let i = index - 1; i >= 0; i--) {
    const t = tokens[i] as Tok;
    if (CLAUSE_BREAKS.has(t.lower)) break;
    if (!t.word) continue;
    words += 1;
    if (words > window) break;
    if (isCueAt(tokens, i)) cues.push(t);
  }
  return cues;
}

/** the token at `i` is a negation cue ("not only", "not just", "no doubt", "no wonder" do not negate) */
export function isCueAt(tokens: readonly Tok[], i: number): boolean {
  const t = tokens[i];
  if (t === undefined || !NEGATION_CUES.has(t.lower)) return false;
  const next = tokens[i + 1]?.lower;
  if (t.lower === 'not' && (next === 'only' || next === 'just')) return false;
  if (t.lower === 'no' && (next === 'doubt' || next === 'wonder')) return false;
  return true;
}

/** true when the token at `index` is negated (an odd number of cues govern it). */
export function isNegated(tokens: readonly Tok[], index: number, window = NEGATION_WINDOW): boolean {
  return negationCues(tokens, index, window).length % 2 === 1;
}
