/** Verdict parsing for fact-checking answers (seed 000, hallucination probe). */
export { parseVerdict, type Confidence, type ParsedVerdict, type VerdictRule } from './parse-verdict.js';
