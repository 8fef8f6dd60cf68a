import { instructionMitigation } from '../template-mitigation.js';

/** Seed 000 Tables 4, A5, A7: Task-Specific CoT Prompt Calibration of the fact-check ("Prompt Calibration (CoT)"). */
export const promptCalibration = instructionMitigation({
  id: 'prompt-calibration',
  title: 'Task-Specific CoT Prompt Calibration',
  source: 'Alessa et al., §7.4.3, Tables 4, A5 and A7 (Wei et al., 2023)',
  task: 'fact-check',
  overrides: { variant: 'calibration' },
});
