/** Offline rule-based negator (falsified counterparts of news items) and the check that measures it. */
export { negateSentence, NEGATION_RULES, type Negation, type NegationRule } from './negate.js';
export { checkNegation, negationTokens, type NegationCheck } from './check.js';
export { changeNumber } from './numbers.js';
