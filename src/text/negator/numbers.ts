/**
 * Number change for the offline negator: the first number in the sentence is replaced by a
 * clearly different one. Years (1800-2199) move by one; other integers double (0 becomes 1);
 * decimals double; number words one..twelve map to a different word.
 */
const WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const WORD_SWAP: Record<string, string> = {
  one: 'three',
  two: 'five',
  three: 'six',
  four: 'eight',
  five: 'ten',
  six: 'twelve',
  seven: 'three',
  eight: 'four',
  nine: 'three',
  ten: 'two',
  eleven: 'four',
  twelve: 'six',
};

export const NUMBER_TOKEN = new RegExp(`\\b(?:\\d{1,3}(?:,\\d{3})+|\\d+(?:\\.\\d+)?|${WORDS.join('|')})\\b`, 'i');

function changed(tok: string): string {
  const lower = tok.toLowerCase();
  const w = WORD_SWAP[lower];
  if (w !== undefined) return tok[0] === tok[0]?.toUpperCase() ? w[0]?.toUpperCase() + w.slice(1) : w;
  const hasComma = tok.includes(',');
  const n = Number(tok.replace(/,/g, ''));
  if (/^\d{4}$/.test(tok) && n >= 1800 && n < 2200) return String(n - 1);
  if (n === 0) return '1';
  const doubled = tok.includes('.') ? String(Math.round(n * 2 * 1000) / 1000) : String(n * 2);
  return hasComma ? Number(doubled).toLocaleString('en-US') : doubled;
}

/** The sentence with its first number changed, or null when it has none. */
export function changeNumber(sentence: string): string | null {
  const m = NUMBER_TOKEN.exec(sentence);
  if (m === null) return null;
  return sentence.slice(0, m.index) + changed(m[0]) + sentence.slice(m.index + m[0].length);
}
