import { TABLE_A7 } from '../prompts.js';
import { instructionMitigation } from '../template-mitigation.js';

/** Seed 000 §6.1 / Table A5: a directive to stay neutral, keep sentiment and cover the whole text (Table A7 prompt). */
export const selfAwareness = instructionMitigation({
  id: 'self-awareness',
  title: 'Self-Awareness Prompt',
  source: 'Alessa et al., §6.1, Tables A5 and A7 (Mair et al., 2014; Echterhoff et al., 2024)',
  task: 'summarize',
  overrides: { template: TABLE_A7.selfAwareness },
  expectsFinalSummary: false,
});
