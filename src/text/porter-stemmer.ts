/**
 * Porter stemmer, a port of NLTK's `nltk.stem.porter.PorterStemmer` in its default
 * `NLTK_EXTENSIONS` mode, which is what Google's rouge-score package uses for `use_stemmer=True`.
 *
 * Why not an npm package: the `stemmer` package (and most others) implement Martin Porter's
 * original algorithm, which differs from NLTK's mode on words such as `dies` (die vs di),
 * `dying` (die vs dy), `enjoy` (enjoy vs enjoi), `geology` (geolog vs geologi), `spied` (spi),
 * `news`, `innings`, `proceed`. ROUGE figures must match rouge-score token for token, so this
 * file follows NLTK's rule lists and their order exactly (first matching suffix wins; if its
 * condition fails, no later rule of that step is tried).
 */

const IRREGULAR = new Map<string, string>(Object.entries({
  sky: 'sky',
  skies: 'sky',
  dying: 'die',
  lying: 'lie',
  tying: 'tie',
  news: 'news',
  innings: 'inning',
  inning: 'inning',
  outings: 'outing',
  outing: 'outing',
  cannings: 'canning',
  canning: 'canning',
  howe: 'howe',
  proceed: 'proceed',
  exceed: 'exceed',
  succeed: 'succeed',
}));

function isVowelChar(c: string): boolean {
  return c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u';
}

/** NLTK `_is_consonant`: y is a consonant at the start or after a vowel. */
function isConsonant(word: string, i: number): boolean {
  const c = word[i];
  if (c === undefined) return false;
  if (isVowelChar(c)) return false;
  if (c === 'y') return i === 0 ? true : !isConsonant(word, i - 1);
  return true;
}

/** Porter's measure m: the number of VC sequences in [C](VC){m}[V]. */
function measure(stem: string): number {
  let m = 0;
  let prevVowel = false;
  for (let i = 0; i < stem.length; i++) {
    const cons = isConsonant(stem, i);
    if (cons && prevVowel) m++;
    prevVowel = !cons;
  }
  return m;
}

const positiveMeasure = (stem: string): boolean => measure(stem) > 0;
const measureGt1 = (stem: string): boolean => measure(stem) > 1;

function containsVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(word: string): boolean {
  return word.length >= 2 && word[word.length - 1] === word[word.length - 2] && isConsonant(word, word.length - 1);
}

/** Condition *o (cvc, second c not w/x/y), plus NLTK's two-letter vc extension. */
function endsCvc(word: string): boolean {
  const n = word.length;
  const last = word[n - 1] ?? '';
  return (
    (n >= 3 &&
      isConsonant(word, n - 3) &&
      !isConsonant(word, n - 2) &&
      isConsonant(word, n - 1) &&
      last !== 'w' &&
      last !== 'x' &&
      last !== 'y') ||
    (n === 2 && !isConsonant(word, 0) && isConsonant(word, 1))
  );
}

type Rule = [suffix: string, replacement: string, condition: ((stem: string) => boolean) | null];

/** NLTK `_apply_rule_list`: the first rule whose suffix matches decides; '*d' is a double consonant. */
function applyRules(word: string, rules: readonly Rule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (suffix === '*d' && endsDoubleConsonant(word)) {
      const stem = word.slice(0, -2);
      return condition === null || condition(stem) ? stem + replacement : word;
    }
    if (word.endsWith(suffix)) {
      const stem = suffix === '' ? word : word.slice(0, word.length - suffix.length);
      return condition === null || condition(stem) ? stem + replacement : word;
    }
  }
  return word;
}

function step1a(word: string): string {
  if (word.endsWith('ies') && word.length === 4) return word.slice(0, -3) + 'ie';
  return applyRules(word, [
    ['sses', 'ss', null],
    ['ies', 'i', null],
    ['ss', 'ss', null],
    ['s', '', null],
  ]);
}

function step1b(word: string): string {
  if (word.endsWith('ied')) return word.slice(0, -3) + (word.length === 4 ? 'ie' : 'i');
  if (word.endsWith('eed')) {
    const stem = word.slice(0, -3);
    return measure(stem) > 0 ? stem + 'ee' : word;
  }
  let inter: string | undefined;
  for (const suffix of ['ed', 'ing']) {
    if (word.endsWith(suffix)) {
      const s = word.slice(0, word.length - suffix.length);
      if (containsVowel(s)) {
        inter = s;
        break;
      }
    }
  }
  if (inter === undefined) return word;
  const last = inter[inter.length - 1] ?? '';
  const stem = inter;
  return applyRules(stem, [
    ['at', 'ate', null],
    ['bl', 'ble', null],
    ['iz', 'ize', null],
    ['*d', last, () => last !== 'l' && last !== 's' && last !== 'z'],
    ['', 'e', (s) => measure(s) === 1 && endsCvc(s)],
  ]);
}

function step1c(word: string): string {
  return applyRules(word, [['y', 'i', (stem) => stem.length > 1 && isConsonant(stem, stem.length - 1)]]);
}

function step2(word: string): string {
  // NLTK: apply ALLI -> AL first and, if it fires, run step 2 again on the result.
  if (word.endsWith('alli') && positiveMeasure(word.slice(0, -4))) return step2(word.slice(0, -4) + 'al');
  return applyRules(word, [
    ['ational', 'ate', positiveMeasure],
    ['tional', 'tion', positiveMeasure],
    ['enci', 'ence', positiveMeasure],
    ['anci', 'ance', positiveMeasure],
    ['izer', 'ize', positiveMeasure],
    ['bli', 'ble', positiveMeasure],
    ['alli', 'al', positiveMeasure],
    ['entli', 'ent', positiveMeasure],
    ['eli', 'e', positiveMeasure],
    ['ousli', 'ous', positiveMeasure],
    ['ization', 'ize', positiveMeasure],
    ['ation', 'ate', positiveMeasure],
    ['ator', 'ate', positiveMeasure],
    ['alism', 'al', positiveMeasure],
    ['iveness', 'ive', positiveMeasure],
    ['fulness', 'ful', positiveMeasure],
    ['ousness', 'ous', positiveMeasure],
    ['aliti', 'al', positiveMeasure],
    ['iviti', 'ive', positiveMeasure],
    ['biliti', 'ble', positiveMeasure],
    ['fulli', 'ful', positiveMeasure],
    // the 'l' of 'logi' stays with the stem: the condition is on word[:-3]
    ['logi', 'log', () => positiveMeasure(word.slice(0, -3))],
  ]);
}

function step3(word: string): string {
  return applyRules(word, [
    ['icate', 'ic', positiveMeasure],
    ['ative', '', positiveMeasure],
    ['alize', 'al', positiveMeasure],
    ['iciti', 'ic', positiveMeasure],
    ['ical', 'ic', positiveMeasure],
    ['ful', '', positiveMeasure],
    ['ness', '', positiveMeasure],
  ]);
}

function step4(word: string): string {
  return applyRules(word, [
    ['al', '', measureGt1],
    ['ance', '', measureGt1],
    ['ence', '', measureGt1],
    ['er', '', measureGt1],
    ['ic', '', measureGt1],
    ['able', '', measureGt1],
    ['ible', '', measureGt1],
    ['ant', '', measureGt1],
    ['ement', '', measureGt1],
    ['ment', '', measureGt1],
    ['ent', '', measureGt1],
    ['ion', '', (s) => measure(s) > 1 && (s.endsWith('s') || s.endsWith('t'))],
    ['ou', '', measureGt1],
    ['ism', '', measureGt1],
    ['ate', '', measureGt1],
    ['iti', '', measureGt1],
    ['ous', '', measureGt1],
    ['ive', '', measureGt1],
    ['ize', '', measureGt1],
  ]);
}

function step5a(word: string): string {
  if (word.endsWith('e')) {
    const stem = word.slice(0, -1);
    const m = measure(stem);
    if (m > 1) return stem;
    if (m === 1 && !endsCvc(stem)) return stem;
  }
  return word;
}

function step5b(word: string): string {
  return applyRules(word, [['ll', 'l', () => measure(word.slice(0, -1)) > 1]]);
}

/** Stem one word exactly as `nltk.stem.porter.PorterStemmer().stem(word)` (NLTK_EXTENSIONS). */
export function porterStem(word: string): string {
  const w = word.toLowerCase();
  const irregular = IRREGULAR.get(w);
  if (irregular !== undefined) return irregular;
  if (w.length <= 2) return w;
  let s = step1a(w);
  s = step1b(s);
  s = step1c(s);
  s = step2(s);
  s = step3(s);
  s = step4(s);
  s = step5a(s);
  s = step5b(s);
  return s;
}

/** A memoising stemmer: ROUGE over a corpus stems the same words many times. */
export function createCachedStemmer(maxEntries = 200_000): (word: string) => string {
  const cache = new Map<string, string>();
  return (word: string): string => {
    let s = cache.get(word);
    if (s === undefined) {
      s = porterStem(word);
      if (cache.size >= maxEntries) cache.clear();
      cache.set(word, s);
    }
    return s;
  };
}
