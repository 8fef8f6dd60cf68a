import { TABLE_A7 } from '../prompts.js';
import { instructionMitigation } from '../template-mitigation.js';

/** Seed 000 Table A5: BEGIN/MIDDLE/END blanks filled by the model, then FINAL_SUMMARY (parsed). */
export const clozeStyle = instructionMitigation({
  id: 'cloze-style',
  title: 'Cloze-Style Prompt',
  source: 'Alessa et al., Tables A5 and A7 (Liu and Lapata, 2019)',
  task: 'summarize',
  overrides: { template: TABLE_A7.cloze },
  expectsFinalSummary: true,
});
