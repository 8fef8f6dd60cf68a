import { instructionMitigation } from '../template-mitigation.js';

/** Seed 004 §6 / C.2, cumulative: "Preserve semantics of the original text. Do not hallucinate." appended. */
export const doNotHallucinate = instructionMitigation({
  id: 'do-not-hallucinate',
  title: '+ do-not-hallucinate',
  source: 'Belem et al., §6, Table 5, Appendix C.2',
  task: 'certainty-rewrite',
  overrides: { variant: 'do-not-hallucinate' },
});
