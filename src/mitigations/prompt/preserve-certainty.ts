import { instructionMitigation } from '../template-mitigation.js';

/** Seed 004 §6 / C.2, all three cumulative: semantics, no hallucination, and "Preserve the degree of certainty in the original text." */
export const preserveCertainty = instructionMitigation({
  id: 'preserve-certainty',
  title: '+ preserve-certainty',
  source: 'Belem et al., §6, Table 5, Appendix C.2',
  task: 'certainty-rewrite',
  overrides: { variant: 'preserve-certainty' },
});
