/**
 * Word n-gram features of the offline framing judge (docs/judges/framing-offline.md): lowercase
 * word tokens, a negation mark on the three tokens after a negator ("not good" → "good" and
 * "NOT_good" — so "not bad" and "bad" differ), unigrams and bigrams, binary, with the vector scaled
 * to unit length so that a one-line summary and a 500-word review weigh the same.
 */
const TOKEN = /[a-z0-9]+(?:'[a-z]+)?/g;
const NEGATORS = new Set(['not', 'no', 'never', "don't", "doesn't", "didn't", "isn't", "wasn't", "aren't", "won't", "can't", "couldn't", "wouldn't", 'cannot', 'nothing', 'without', 'hardly']);
const SCOPE = 3;

/** Lowercase tokens; a token inside a negation scope gets the prefix "NOT_". Sentence punctuation ends a scope. */
export function framingTokens(text: string): string[] {
  const out: string[] = [];
  for (const clause of text.toLowerCase().replace(/[’‘]/g, "'").split(/[.!?;:,()\n]+/)) {
    let scope = 0;
    for (const m of clause.matchAll(TOKEN)) {
      const t = m[0];
      if (NEGATORS.has(t) || t.endsWith("n't")) {
        out.push(t);
        scope = SCOPE;
        continue;
      }
      out.push(scope > 0 ? `NOT_${t}` : t);
      if (scope > 0) scope--;
    }
    out.push('|');
  }
  return out;
}

/** The distinct unigrams and bigrams of a text (a bigram never spans a clause boundary). */
export function framingNgrams(text: string): Set<string> {
  const toks = framingTokens(text);
  const out = new Set<string>();
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (t === '|') continue;
    out.add(t);
    const u = toks[i + 1];
    if (u !== undefined && u !== '|') out.add(`${t} ${u}`);
  }
  return out;
}
