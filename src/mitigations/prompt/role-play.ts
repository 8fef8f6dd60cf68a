import { rolePlayMessages } from '../../tasks/position-prompts.js';
import { instructionMitigation } from '../template-mitigation.js';

/**
 * Seed 003 Appendix G (after Kong et al., 2023): a role-setting turn and the model's role feedback
 * before the position task's prompt (the former `probes.position.options.rolePlay: true`).
 */
export const rolePlay = instructionMitigation({
  id: 'role-play',
  title: 'Role-play prompting',
  source: 'Chhabra et al., Appendix G (Kong et al., 2023)',
  task: 'position-summary',
  overrides: { prefix: rolePlayMessages('').slice(0, 2) },
});
