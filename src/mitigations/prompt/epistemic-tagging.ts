import { instructionMitigation } from '../template-mitigation.js';

/**
 * Seed 000 §6.4, Tables 4, 6, A5, A7: answers carry [High Confidence] / [Low Confidence]; the
 * hallucination probe parses the tag and reports Table 6 (shares of High/Low per period and item kind).
 */
export const epistemicTagging = instructionMitigation({
  id: 'epistemic-tagging',
  title: 'Epistemic Tagging',
  source: 'Alessa et al., §6.4, Tables 4, 6, A5 and A7 (Lin et al., 2022)',
  task: 'fact-check',
  overrides: { variant: 'epistemic' },
});
