import { instructionMitigation } from '../template-mitigation.js';

/**
 * Seed 000 §6.4, Tables 4, A5, A7: the model's knowledge cutoff written into the fact-check prompt
 * ({knowledge_cutoff}, as "March 2023"); the cutoff is the hallucination probe's (options.cutoffs,
 * options.cutoff or its built-in table), the same that splits pre/post.
 */
export const knowledgeBoundaryAwareness = instructionMitigation({
  id: 'knowledge-boundary-awareness',
  title: 'Knowledge Boundary Awareness',
  source: 'Alessa et al., §6.4, Tables 4, A5 and A7',
  task: 'fact-check',
  overrides: { variant: 'boundary' },
});
