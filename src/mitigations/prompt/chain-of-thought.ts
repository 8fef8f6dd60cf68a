import { TABLE_A7 } from '../prompts.js';
import { instructionMitigation } from '../template-mitigation.js';

/** Seed 000 §6.1 / Table A5: analyse beginning, middle and end, then FINAL_SUMMARY (parsed). */
export const chainOfThought = instructionMitigation({
  id: 'chain-of-thought',
  title: 'Chain-of-Thought Prompting',
  source: 'Alessa et al., §6.1, Tables A5 and A7 (Wei et al., 2023)',
  task: 'summarize',
  overrides: { template: TABLE_A7.chainOfThought },
  expectsFinalSummary: true,
});
