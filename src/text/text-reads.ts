/**
 * How many times each tokeniser has read a whole text in this process. An instrument reads a text
 * from its shared tokenisation (text-tokens.ts; `pieces` counts the texts split into pieces) when
 * one was made, else scans the text itself (`tfidf`: a TfidfVectorizer document; `rouge`:
 * rouge-score's tokenizer). Tests read the counts to check that measuring a record reads each of
 * its texts once; a count is one addition per text.
 */
export const textReads = { pieces: 0, tfidf: 0, rouge: 0 };
