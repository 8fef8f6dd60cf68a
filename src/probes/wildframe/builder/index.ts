/** WildFrame dataset builder (seed 001, section 2 and Appendices A-B). */
export { extractCandidates, matchPatterns, clarityFlags, ADJECTIVE_WINDOW, MIN_WORDS, MAX_WORDS, type Candidate, type ClarityFlag, type PatternMatch, type PatternName } from './extract.js';
export { isNegated, negationCues, NEGATION_CUES, NEGATION_WINDOW } from './negation.js';
export { verbatimCheck, normaliseStrict, detokenize, type VerbatimMode, type VerbatimResult } from './verbatim.js';
export { reframe, cleanReframed, type ReframeResult } from './reframe.js';
export { buildWildframeDataset, readCorpusTexts, type BuiltRecord, type BuildOptions, type BuildStats } from './build-dataset.js';
export { verbForms } from './inflect.js';
export * from './word-lists.js';
