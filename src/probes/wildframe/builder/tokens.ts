/** Word tokens with offsets, splitting contractions the Penn Treebank way ("didn't" -> "did" "n't"). */
export interface Tok {
  text: string;
  lower: string;
  start: number;
  end: number;
  /** a word (letters/digits), not punctuation */
  word: boolean;
}

// order matters: a word stem before "n't", "n't" itself (also "n ' t"-free PTB "n't"), clitics, words, numbers, punctuation
const TOKEN = /[A-Za-z]+(?=n['’]t\b)|n['’]t\b|['’](?:s|re|ve|ll|d|m)\b|[A-Za-z]+(?:-[A-Za-z]+)*|\d+(?:[.,]\d+)*|[^\sA-Za-z\d]/gi;

export function tokenizeWords(text: string): Tok[] {
  const out: Tok[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const t = m[0];
    const start = m.index;
    out.push({ text: t, lower: t.toLowerCase().replace('’', "'"), start, end: start + t.length, word: /[A-Za-z\d]/.test(t) });
  }
  return out;
}
