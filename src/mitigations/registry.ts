import { UserError } from '../core/errors.js';
import { baselineMitigation } from './baseline.js';
import { partialSummaries } from './chunk/partial-summaries.js';
import { weightedSummaries } from './chunk/weighted-summaries.js';
import { DECODE_MITIGATIONS } from './decode/index.js';
import { chainOfThought } from './prompt/chain-of-thought.js';
import { clozeStyle } from './prompt/cloze-style.js';
import { cognitiveCounterfactualSimulation } from './prompt/cognitive-counterfactual-simulation.js';
import { doNotHallucinate } from './prompt/do-not-hallucinate.js';
import { epistemicTagging } from './prompt/epistemic-tagging.js';
import { knowledgeBoundaryAwareness } from './prompt/knowledge-boundary-awareness.js';
import { preserveCertainty } from './prompt/preserve-certainty.js';
import { brokenTelephone } from './prompt/broken-telephone.js';
import { preserveSemantics } from './prompt/preserve-semantics.js';
import { promptCalibration } from './prompt/prompt-calibration.js';
import { rolePlay } from './prompt/role-play.js';
import { selfAwareness } from './prompt/self-awareness.js';
import { selfHelpDebias } from './prompt/self-help-debias.js';
import { attentionSortProxy } from './rerank/attention-sort-proxy.js';
import { positionInvariantShuffle } from './rerank/position-invariant-shuffle.js';
import { mappingTopK } from './measure/mapping-top-k.js';
import { greedyDecoding } from './settings/greedy-decoding.js';
import type { Mitigation } from './types.js';

/**
 * Every mitigation by id, in the order of seed 000's Table A5 (prompt, chunk, re-rank, decode),
 * then seed 004's certainty interventions, seed 003's role-play and Appendix I's top-k mapping. `baseline` is the plain task.
 */
export const MITIGATIONS: readonly Mitigation[] = [
  baselineMitigation,
  selfAwareness,
  chainOfThought,
  clozeStyle,
  cognitiveCounterfactualSimulation,
  selfHelpDebias,
  promptCalibration,
  knowledgeBoundaryAwareness,
  epistemicTagging,
  partialSummaries,
  weightedSummaries,
  attentionSortProxy,
  positionInvariantShuffle,
  ...DECODE_MITIGATIONS,
  preserveSemantics,
  doNotHallucinate,
  preserveCertainty,
  greedyDecoding,
  rolePlay,
  mappingTopK,
  brokenTelephone,
] as Mitigation[];

/** Registered studies run as conditions that `mitigations: all` leaves out (they are not mitigations). */
export const NOT_IN_ALL: ReadonlySet<string> = new Set(['broken-telephone', 'mapping-top-k']);

/** Mitigations plugins registered, after the built-in ones. */
const added: Mitigation[] = [];
const MITIGATION_ID = /^[a-z][a-z0-9-]*$/;

/**
 * Adds a mitigation (a plugin's) beside the built-in ones, through the same definition (one object
 * of type Mitigation); an id already taken is an error. `mitigations: all` includes it.
 */
export function registerMitigation(m: Mitigation, from = 'a plugin'): void {
  if (typeof m?.id !== 'string' || !MITIGATION_ID.test(m.id)) throw new UserError(`${from}: a mitigation's id must be lower-case letters, digits and "-" (got ${JSON.stringify(m?.id)})`);
  for (const key of ['run', 'applicable'] as const) if (typeof m[key] !== 'function') throw new UserError(`${from}: mitigation "${m.id}" has no ${key}()`);
  if (!Array.isArray(m.tasks) || m.optionsSchema === undefined) throw new UserError(`${from}: mitigation "${m.id}" needs tasks (the task kinds it wraps) and an optionsSchema`);
  if (allMitigations().some((x) => x.id === m.id)) throw new UserError(`${from}: a mitigation called "${m.id}" is already registered`);
  added.push(m);
}

/** Every mitigation known now: the built-in ones, then the plugins'. */
export function allMitigations(): readonly Mitigation[] {
  return added.length === 0 ? MITIGATIONS : [...MITIGATIONS, ...added];
}

export function mitigationIds(): string[] {
  return allMitigations().map((m) => m.id);
}

export function getMitigation(id: string): Mitigation {
  const m = allMitigations().find((x) => x.id === id);
  if (!m) throw new UserError(`unknown mitigation "${id}"; available: ${mitigationIds().join(', ')}`);
  return m;
}
