import { splitSentences } from '../../../text/sentences.js';
import { opposite, type Polarity } from '../score.js';
import { CAUSE_VERBS, SENTIMENT_ADJECTIVES, SENTIMENT_VERBS } from './lexicon.js';
import { isCueAt, isNegated, negationCues, NEGATION_CUES } from './negation.js';
import { tokenizeWords, type Tok } from './tokens.js';

/**
 * The two statement patterns of seed 001 (Appendix A), approximated on plain text (SPIKE matches
 * dependency structure; slant has no parser, so the patterns are word-order windows):
 *
 * - 'sentiment-verb' (`:something :[pos/neg verbs]develops`): a form of a listed verb with a
 *   subject before it: some word earlier in the clause, and the nearest word before the verb
 *   (skipping negation, auxiliaries and adverbs) is not a determiner, possessive, preposition or
 *   listed adjective ("the love of", "great support" are nouns). Polarity: the verb list's.
 * - 'causes-adjective' (`:something :[adjectives]badly :[cause synonym]causes :something`): a form
 *   of a "causes" synonym with a word before it (the event), a listed adjective at most
 *   ADJECTIVE_WINDOW words after it ("provides a delightfully charming evening"), and a word after
 *   the adjective (the result). Polarity: the adjective list's.
 */
export type PatternName = 'sentiment-verb' | 'causes-adjective';

export interface PatternMatch {
  pattern: PatternName;
  /** the sentiment word (verb or adjective) as it appears */
  trigger: string;
  lemma: string;
  /** the "causes" verb for pattern 2 */
  causeVerb?: string;
  /** character offsets of the trigger in the statement */
  start: number;
  end: number;
  /** the word list's polarity */
  lexiconPolarity: Polarity;
  /** an odd number of negation cues govern the trigger (or the cause verb) */
  negated: boolean;
  /** lexiconPolarity, flipped when negated */
  polarity: Polarity;
}

/**
 * Why a statement may not convey a clear sentiment (the paper's filtering step removed such
 * statements by in-house annotation; slant flags them with rules):
 * - 'question': it asks ("who can complain?");
 * - 'conditional': the sentiment word sits in an if/unless/when clause ("if you love mysteries");
 * - 'hedged': a might/may/could/would/should modal governs the sentiment word ("you might hate");
 * - 'contrast': a contrastive conjunction (but, however, although, though, yet, except) joins clauses;
 * - 'conflicting-patterns': the statement's matches disagree in polarity;
 * - 'opposite-words': a listed word of the opposite polarity occurs outside the matches;
 * - 'double-negation': two negation cues govern the trigger;
 * - 'length': fewer than MIN_WORDS or more than MAX_WORDS words.
 */
export type ClarityFlag = 'question' | 'conditional' | 'hedged' | 'contrast' | 'conflicting-patterns' | 'opposite-words' | 'double-negation' | 'length';

export interface Candidate {
  /** the statement (one sentence of the input) */
  text: string;
  /** index of the sentence in the input text */
  sentenceIndex: number;
  /** every pattern match in the statement, in order */
  matches: PatternMatch[];
  /** the statement's polarity: that of its first match */
  polarity: Polarity;
  /** no clarity flag raised */
  clear: boolean;
  flags: ClarityFlag[];
}

export const ADJECTIVE_WINDOW = 4;
export const MIN_WORDS = 4;
export const MAX_WORDS = 40;

const NOT_SUBJECT_BEFORE_VERB: ReadonlySet<string> = new Set([
  'the', 'a', 'an', 'this', 'that', 'these', 'those', 'my', 'your', 'his', 'her', 'its', 'our', 'their', 'every', 'each',
  'of', 'for', 'with', 'in', 'on', 'at', 'by', 'from', 'about', 'into', 'onto', 'over', 'under', 'through', 'without', "'s",
]);
const SKIP_BEFORE_VERB: ReadonlySet<string> = new Set([
  'do', 'does', 'did', 'will', 'would', "'ll", "'d", 'can', 'could', 'ca', 'wo', 'sha', 'may', 'might', 'must', 'should', 'shall',
  'really', 'truly', 'absolutely', 'just', 'also', 'still', 'always', 'simply', 'totally', 'definitely', 'certainly', 'actually',
  'completely', 'so', 'even', 'to', 'ever', 'often', 'sometimes', 'usually', 'quickly', 'eventually', 'soon', 'then', 'already',
]);
/** punctuation that ends the cause verb's window ("creates, at last, a good" does not match) */
const WINDOW_BREAKS: ReadonlySet<string> = new Set([',', ';', ':', '(', ')', '.', '!', '?', '"']);
const HEDGES: ReadonlySet<string> = new Set(['might', 'may', 'could', 'would', 'should', "'d", 'maybe', 'perhaps', 'probably']);
const CONDITIONALS: ReadonlySet<string> = new Set(['if', 'unless', 'whether', 'when', 'whenever']);
const CONTRASTS: ReadonlySet<string> = new Set(['but', 'however', 'although', 'though', 'yet', 'except', 'nevertheless', 'whereas']);

function verbMatch(tokens: readonly Tok[], i: number): PatternMatch | undefined {
  const t = tokens[i] as Tok;
  const entry = SENTIMENT_VERBS.get(t.lower);
  if (!entry) return undefined;
  // nearest word before the verb, skipping negation, auxiliaries and adverbs
  let j = i - 1;
  while (j >= 0 && (tokens[j] as Tok).word && (NEGATION_CUES.has((tokens[j] as Tok).lower) || SKIP_BEFORE_VERB.has((tokens[j] as Tok).lower))) j--;
  const prev = tokens[j];
  // a determiner, possessive or preposition before it, or a listed adjective ("great support"), makes it a noun
  if (prev === undefined || !prev.word || NOT_SUBJECT_BEFORE_VERB.has(prev.lower) || SENTIMENT_ADJECTIVES.has(prev.lower)) return undefined;
  const negated = isNegated(tokens, i);
  return {
    pattern: 'sentiment-verb',
    trigger: t.text,
    lemma: entry.lemma,
    start: t.start,
    end: t.end,
    lexiconPolarity: entry.polarity,
    negated,
    polarity: negated ? opposite(entry.polarity) : entry.polarity,
  };
}

function causeMatch(tokens: readonly Tok[], c: number): PatternMatch | undefined {
  const cause = tokens[c] as Tok;
  if (!CAUSE_VERBS.has(cause.lower)) return undefined;
  const before = tokens[c - 1];
  if (before === undefined || !before.word) return undefined; // no event
  let words = 0;
  for (let a = c + 1; a < tokens.length; a++) {
    const t = tokens[a] as Tok;
    if (WINDOW_BREAKS.has(t.lower)) return undefined;
    if (!t.word) continue;
    words += 1;
    if (words > ADJECTIVE_WINDOW) return undefined;
    const entry = SENTIMENT_ADJECTIVES.get(t.lower);
    if (!entry) continue;
    const result = tokens[a + 1];
    if (result === undefined || !result.word) return undefined; // no result after the adjective
    // negation before the cause verb or between it and the adjective
    const cues = negationCues(tokens, c).length + tokens.slice(c + 1, a).filter((_, k) => isCueAt(tokens, c + 1 + k)).length;
    const negated = cues % 2 === 1;
    return {
      pattern: 'causes-adjective',
      trigger: t.text,
      lemma: entry.lemma,
      causeVerb: cause.text,
      start: t.start,
      end: t.end,
      lexiconPolarity: entry.polarity,
      negated,
      polarity: negated ? opposite(entry.polarity) : entry.polarity,
    };
  }
  return undefined;
}

/** Pattern matches in one statement. */
export function matchPatterns(statement: string): PatternMatch[] {
  const tokens = tokenizeWords(statement);
  const out: PatternMatch[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const m = causeMatch(tokens, i) ?? verbMatch(tokens, i);
    if (m) out.push(m);
  }
  return out;
}

/** Clarity flags of a statement given its matches (see ClarityFlag). */
export function clarityFlags(statement: string, matches: readonly PatternMatch[]): ClarityFlag[] {
  const tokens = tokenizeWords(statement);
  const flags = new Set<ClarityFlag>();
  const words = tokens.filter((t) => t.word);
  if (words.length < MIN_WORDS || words.length > MAX_WORDS) flags.add('length');
  if (statement.trim().endsWith('?') || tokens.some((t) => t.text === '?')) flags.add('question');
  if (tokens.some((t) => CONTRASTS.has(t.lower))) flags.add('contrast');
  const first = matches[0];
  if (first) {
    if (matches.some((m) => m.polarity !== first.polarity)) flags.add('conflicting-patterns');
    for (const m of matches) {
      const idx = tokens.findIndex((t) => t.start === m.start);
      // clause of the trigger: back to the previous clause break (commas do not end a conditional)
      for (let i = idx - 1; i >= 0; i--) {
        const t = tokens[i] as Tok;
        if (['.', '!', '?', ';'].includes(t.text)) break;
        if (CONDITIONALS.has(t.lower)) flags.add('conditional');
        if (idx - i <= 3 && HEDGES.has(t.lower)) flags.add('hedged');
      }
      if (negationCues(tokens, idx).length >= 2) flags.add('double-negation');
    }
    const covered = new Set(matches.map((m) => m.start));
    for (const t of tokens) {
      if (covered.has(t.start)) continue;
      const lex = SENTIMENT_ADJECTIVES.get(t.lower) ?? SENTIMENT_VERBS.get(t.lower);
      if (lex && lex.polarity !== first.polarity && !isNegated(tokens, tokens.indexOf(t))) flags.add('opposite-words');
    }
  }
  return [...flags];
}

/**
 * Candidate statements of a text: each sentence with at least one pattern match, its polarity after
 * negation, and its clarity flags. Sentences are split with slant's sentence splitter.
 */
export function extractCandidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  splitSentences(text).forEach((sentence, sentenceIndex) => {
    const matches = matchPatterns(sentence);
    const first = matches[0];
    if (!first) return;
    const flags = clarityFlags(sentence, matches);
    out.push({ text: sentence, sentenceIndex, matches, polarity: first.polarity, clear: flags.length === 0, flags });
  });
  return out;
}
