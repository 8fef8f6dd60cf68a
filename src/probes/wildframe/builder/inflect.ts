/**
 * English verb inflection for the WildFrame word lists: SPIKE matches lemmas, so "loved", "loves"
 * and "loving" match `love`. Regular rules plus the irregular verbs of the lists. Generating a
 * spurious form ("learnned") is harmless: it never occurs in text.
 */

const IRREGULAR: Record<string, readonly string[]> = {
  win: ['won', 'winning'],
  lose: ['lost'],
  grow: ['grew', 'grown'],
  shine: ['shone'],
  learn: ['learnt'],
  bless: ['blest'],
  hurt: [],
  withdraw: ['withdrew', 'withdrawn'],
  withhold: ['withheld'],
  begin: ['began', 'begun', 'beginning'],
  beget: ['begot', 'begotten', 'begetting'],
};

const VOWELS = 'aeiou';

/** consonant-vowel-consonant ending of a short verb (the doubling rule: "win" -> "winning") */
function doubles(lemma: string): boolean {
  const n = lemma.length;
  if (n < 3 || n > 4) return false;
  const [a, b, c] = [lemma[n - 3] as string, lemma[n - 2] as string, lemma[n - 1] as string];
  return !VOWELS.includes(a) && VOWELS.includes(b) && !VOWELS.includes(c) && !'wxy'.includes(c);
}

/** Base, 3rd person singular, past / participle and -ing forms of a verb, lowercased. */
export function verbForms(lemmaIn: string): string[] {
  const lemma = lemmaIn.toLowerCase();
  const out = new Set<string>([lemma]);
  const consonantY = /[^aeiou]y$/.test(lemma);
  // 3rd person singular
  if (/(s|sh|ch|x|z|o)$/.test(lemma)) out.add(lemma + 'es');
  else if (consonantY) out.add(lemma.slice(0, -1) + 'ies');
  else out.add(lemma + 's');
  // past / participle
  if (lemma.endsWith('e')) out.add(lemma + 'd');
  else if (consonantY) out.add(lemma.slice(0, -1) + 'ied');
  else out.add(lemma + 'ed');
  // -ing
  if (lemma.endsWith('e') && !/(ee|ye|oe)$/.test(lemma)) out.add(lemma.slice(0, -1) + 'ing');
  else out.add(lemma + 'ing');
  if (doubles(lemma)) {
    const last = lemma.slice(-1);
    out.add(lemma + last + 'ed');
    out.add(lemma + last + 'ing');
  }
  for (const f of IRREGULAR[lemma] ?? []) out.add(f);
  return [...out];
}

/** "causes" -> "cause", "establishes" -> "establish", "launches" -> "launch" */
export function lemmaFrom3sg(form: string): string {
  const f = form.toLowerCase();
  if (/(ches|shes|sses|xes|zes)$/.test(f)) return f.slice(0, -2);
  if (f.endsWith('s')) return f.slice(0, -1);
  return f;
}
