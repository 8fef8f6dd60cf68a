/**
 * English function words (articles, pronouns, prepositions, conjunctions, auxiliaries, number
 * words, contractions): words that carry no topic, so never a document's keyword. The list and
 * where it comes from are in function-words.json.
 */
import asset from './function-words.json' with { type: 'json' };

const WORDS: ReadonlySet<string> = new Set(asset.words);

/** Whether `word` (any case) is an English function word. */
export const isFunctionWord = (word: string): boolean => WORDS.has(word.toLowerCase());
