import { instructionMitigation } from '../template-mitigation.js';

/** Seed 004 §6 / C.2, first cumulative intervention: "Preserve semantics of the original text." appended. */
export const preserveSemantics = instructionMitigation({
  id: 'preserve-semantics',
  title: '+ preserve semantics',
  source: 'Belem et al., §6, Table 5, Appendix C.2',
  task: 'certainty-rewrite',
  overrides: { variant: 'preserve-semantics' },
});
