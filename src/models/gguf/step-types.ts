/** Types of the step-wise decoding API: the contract lives in src/models/stepwise.ts. */
export type {
  MirostatSpec,
  MirostatTrace,
  StepController,
  StepDecision,
  StepRecord,
  StepState,
  StepTools,
  StepVocabulary,
  StepwiseOptions,
  StepwiseResult,
  TopEntry,
} from '../stepwise.js';
