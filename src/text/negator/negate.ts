import nlp from 'compromise';
import { ANTONYMS } from './antonyms.js';
import { changeNumber } from './numbers.js';

/**
 * Offline, rule-based negation of one sentence: the falsified counterpart of a true news item
 * (seed 000, §5 uses a transformer for this; slant offers this deterministic alternative and an
 * LLM prompt). It changes as little as possible. Rules, first that applies wins:
 *
 *   remove-negation  an already negated claim is affirmed: "did not sit" -> "did sit",
 *                    "isn't" -> "is", "never went" -> "went", "cannot" -> "can", "Not all X" -> "All X",
 *                    "there is no" -> "there is a";
 *   copula           "is/are/was/were X" -> "is not X" ...;
 *   auxiliary        "has won", "will hold", "can be used" -> "has not won", "will not hold", "can not be used";
 *   main-verb        do-support: "announces" -> "does not announce", "agreed" -> "did not agree";
 *                    "has to" -> "does not have to";
 *   antonym          no verb found: the first word with an antonym is swapped ("rise" -> "fall");
 *   number           still nothing: the first number changes ("12 people" -> "24 people").
 *
 * The verb negated is the first verb of the sentence, except that a reporting verb followed by
 * "that" ("X reports that Y was killed") hands over to the reported clause, the claim itself.
 * Verbs are found with compromise's part-of-speech tagger (pure JS, no model files).
 */
export type NegationRule = 'remove-negation' | 'copula' | 'auxiliary' | 'main-verb' | 'antonym' | 'number';

export interface Negation {
  text: string;
  rule: NegationRule;
}

export const NEGATION_RULES: readonly NegationRule[] = ['remove-negation', 'copula', 'auxiliary', 'main-verb', 'antonym', 'number'];

const REPORTING = new Set(['report', 'say', 'announce', 'claim', 'confirm', 'state', 'allege', 'warn', 'reveal', 'find', 'show', 'suggest', 'tell', 'indicate', 'estimate', 'believe', 'note']);
const BE = new Set(['is', 'are', 'was', 'were', 'am', "'s", "'re", 'be', 'been', 'being']);

interface VerbJson {
  text: string;
  terms?: { text: string; tags?: string[] }[];
  offset?: { start: number; length: number };
  verb?: { auxiliary?: string; infinitive?: string; negative?: boolean };
}

/**
 * Verb phrases that are not the finite verb of the main clause, as far as surface cues tell:
 * a gerund ("In swimming, ..."); a bare past participle after a comma or a number ("..., identified
 * as ...", "41 people killed"); a verb inside a relative clause (", where he is located").
 */
function isSubordinate(v: VerbJson, sentence: string): boolean {
  const tags = v.terms?.[0]?.tags ?? [];
  const bare = (v.verb?.auxiliary ?? '').trim() === '' && (v.terms?.length ?? 0) === 1;
  if (tags.includes('Gerund') && bare) return true;
  const start = v.offset?.start;
  if (start === undefined) return false;
  const before = sentence.slice(0, start);
  if (bare && tags.includes('PastTense') && /(?:,|\b\d[\d,.]*(?:\s+\w+)?)\s*$/.test(before)) return true;
  return /,\s*(?:where|which|who|whom|whose|when|while|after|before|as)\b[^,;]*$/i.test(before);
}

function tidy(s: string): string {
  return s.replace(/\s{2,}/g, ' ').replace(/\s+([,.;:!?])/g, '$1');
}

function capitalizeLike(original: string, text: string): string {
  const o = original.trimStart()[0];
  if (o !== undefined && o === o.toUpperCase() && o !== o.toLowerCase()) return text.replace(/^(\s*)(\p{Ll})/u, (_m, sp: string, c: string) => sp + c.toUpperCase());
  return text;
}

/** Determiner and pronoun negations compromise does not treat as verb negation. */
function removeDeterminerNegation(s: string): string | null {
  const rules: [RegExp, string][] = [
    [/^(\s*)not (all|every|everyone|everything|many|much|everybody)\b/i, '$1$2'],
    [/\bthere (is|was) no\b/i, 'there $1 a'],
    [/\bthere (are|were) no\b/i, 'there $1 some'],
    [/\bno longer\b/i, 'still'],
    [/\bno one\b/i, 'someone'],
    [/\bnobody\b/i, 'somebody'],
    [/\bnothing\b/i, 'something'],
    [/\bnowhere\b/i, 'somewhere'],
  ];
  for (const [re, rep] of rules) {
    if (re.test(s)) return capitalizeLike(s, s.replace(re, rep));
  }
  return null;
}

function pickVerb(verbs: VerbJson[]): number {
  const first = verbs[0];
  if (first === undefined) return -1;
  const inf = first.verb?.infinitive?.split(' ').pop() ?? '';
  if (verbs.length > 1 && REPORTING.has(inf) && /\bthat\b/i.test(first.text + ' ')) return 1;
  if (verbs.length > 1 && REPORTING.has(inf)) return 1;
  return 0;
}

function ruleOf(v: VerbJson): NegationRule {
  const words = v.text.toLowerCase().replace(/[^a-z' ]/g, ' ').split(/\s+/).filter((w) => w !== '');
  const aux = (v.verb?.auxiliary ?? '').trim();
  if (aux !== '') return 'auxiliary';
  if (words.length > 0 && words.every((w) => BE.has(w) || /ly$/.test(w))) return 'copula';
  if (v.verb?.infinitive === 'be') return 'copula';
  return 'main-verb';
}

function negateVerb(sentence: string): Negation | null {
  const have = /\b(has|have|had) to\b/i.exec(sentence);
  const doc = nlp(sentence);
  const verbs = doc.verbs();
  const json = (verbs as unknown as { json(o: { offset: boolean }): unknown }).json({ offset: true }) as VerbJson[];
  // an already negated verb anywhere in the main claim: affirm it
  const negIdx = json.findIndex((v) => v.verb?.negative === true);
  if (negIdx >= 0) {
    (verbs.eq(negIdx) as typeof verbs).toPositive();
    const out = tidy(doc.text());
    if (out !== sentence) return { text: out, rule: 'remove-negation' };
  }
  const main = json.map((v, i) => ({ v, i })).filter(({ v }) => !isSubordinate(v, sentence));
  const picked = pickVerb(main.map(({ v }) => v));
  const idx = main[picked]?.i ?? -1;
  const v = json[idx];
  if (v === undefined) return manualNegate(sentence);
  if (have !== null && v.text.toLowerCase().includes(`${have[1]?.toLowerCase()} to`)) {
    const word = (have[1] ?? '').toLowerCase();
    const dos = word === 'has' ? 'does' : word === 'had' ? 'did' : 'do';
    const out = sentence.slice(0, have.index) + `${dos} not have to` + sentence.slice(have.index + have[0].length);
    return { text: capitalizeLike(sentence, out), rule: 'main-verb' };
  }
  (verbs.eq(idx) as typeof verbs).toNegative();
  const out = tidy(doc.text());
  if (out === sentence) return manualNegate(sentence);
  return { text: out, rule: ruleOf(v) };
}

const AUX_RE = /\b(is|are|was|were|has|have|had|will|would|can|could|should|may|might|must|shall)\b(?!\s+(?:not|n't)\b)/i;
const COPULAS = new Set(['is', 'are', 'was', 'were']);
const STOP_S = new Set(['this', 'its', 'his', 'hers', 'ours', 'yours', 'theirs', 'was', 'has', 'is', 'us', 'as', 'thus', 'always', 'perhaps', 'whereas', 'news', 'series', 'species', 'politics', 'economics', 'physics', 'means', 'less', 'across', 'unless', 'plus', 'bus', 'status']);

/** Present/past form -> base form, through compromise's conjugator; null when it is no verb form. */
function lemma(word: string, tense: 'PresentTense' | 'PastTense'): string | null {
  const d = nlp(word);
  d.tag(tense);
  const inf = (d.verbs().json() as VerbJson[])[0]?.verb?.infinitive;
  return inf !== undefined && inf !== '' && !inf.includes(' ') ? inf : null;
}

/**
 * When the tagger finds no verb it can negate: insert "not" after the first auxiliary or copula;
 * else treat the first word after the sentence's first word that looks like a finite verb
 * (-s / -ed, followed by a function word or a name) with do-support.
 */
function manualNegate(sentence: string): Negation | null {
  const aux = AUX_RE.exec(sentence);
  if (aux !== null && aux.index > 0) {
    const word = aux[0];
    const at = aux.index + word.length;
    return { text: sentence.slice(0, at) + ' not' + sentence.slice(at), rule: COPULAS.has(word.toLowerCase()) ? 'copula' : 'auxiliary' };
  }
  const re = /\b([a-z]+(?:s|ed))\b(?=\s+(?:the|a|an|to|on|in|into|at|for|with|that|its|his|her|their|place|up|out|\p{Lu}|\d))/gu;
  const terms = nlp(sentence).terms().json() as { text: string; terms?: { text: string; tags?: string[] }[] }[];
  const tagsOf = new Map<string, string[]>();
  for (const t of terms) for (const x of t.terms ?? []) tagsOf.set(x.text.toLowerCase(), x.tags ?? []);
  for (const m of sentence.matchAll(re)) {
    const w = m[1] ?? '';
    if (m.index === 0 || STOP_S.has(w) || /(?:ss|us|is)$/.test(w)) continue;
    // "Heavy rains in ...": a word after an adjective or determiner is a noun, not the verb
    const prev = /([A-Za-z]+)\W*$/.exec(sentence.slice(0, m.index))?.[1]?.toLowerCase() ?? '';
    const prevTags = tagsOf.get(prev) ?? [];
    if (prevTags.includes('Adjective') || prevTags.includes('Determiner')) continue;
    const past = w.endsWith('ed');
    const base = lemma(w, past ? 'PastTense' : 'PresentTense');
    if (base === null || base === w) continue;
    const before = sentence.slice(0, m.index);
    const plural = !past && !w.endsWith('s');
    const dos = past ? 'did' : plural ? 'do' : 'does';
    return { text: `${before}${dos} not ${base}${sentence.slice(m.index + w.length)}`, rule: 'main-verb' };
  }
  return null;
}

function swapAntonym(sentence: string): string | null {
  const re = /\b[A-Za-z]+\b/g;
  for (const m of sentence.matchAll(re)) {
    const w = m[0];
    const a = ANTONYMS.get(w.toLowerCase());
    if (a === undefined) continue;
    const rep = w[0] === w[0]?.toUpperCase() ? a[0]?.toUpperCase() + a.slice(1) : a;
    return sentence.slice(0, m.index) + rep + sentence.slice(m.index + w.length);
  }
  return null;
}

/** The negated sentence and the rule used, or null when no rule applies. */
export function negateSentence(sentence: string, rules: readonly NegationRule[] = NEGATION_RULES): Negation | null {
  const s = sentence.trim();
  if (s === '') return null;
  const allow = new Set(rules);
  if (allow.has('remove-negation')) {
    const det = removeDeterminerNegation(s);
    if (det !== null && det !== s) return { text: det, rule: 'remove-negation' };
  }
  if (allow.has('copula') || allow.has('auxiliary') || allow.has('main-verb') || allow.has('remove-negation')) {
    const v = negateVerb(s);
    if (v !== null && allow.has(v.rule)) return v;
  }
  if (allow.has('antonym')) {
    const a = swapAntonym(s);
    if (a !== null) return { text: a, rule: 'antonym' };
  }
  if (allow.has('number')) {
    const n = changeNumber(s);
    if (n !== null && n !== s) return { text: n, rule: 'number' };
  }
  return null;
}
