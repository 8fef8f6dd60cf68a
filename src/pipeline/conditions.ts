import type { Mitigation } from '../mitigations/types.js';

/**
 * One condition of a run: a mitigation with its options (`baseline` is the plain task). `key`
 * identifies it in the store (cell keys, output keys): the mitigation id, plus the canonical JSON
 * of the options the user wrote when there are any. `label` names it in results.
 */
export interface Condition {
  key: string;
  label: string;
  mitigation: Mitigation;
  /** parsed options (defaults filled) */
  options: Record<string, unknown>;
}

export const BASELINE_KEY = 'baseline';

// planConditions (plan-conditions.ts) loads the mitigation registry; this module stays light for
// the code that only needs the key and the type (execute, aggregate, cells).
