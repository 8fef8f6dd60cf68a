/**
 * The offline certainty comparator's fitted weights and bands, kept as data in
 * offline-fitted-weights.json (written by scripts/fit-certainty-weights.ts --out; do not edit by
 * hand), with what they were fitted and chosen on.
 */
import fitted from './offline-fitted-weights.json' with { type: 'json' };
import type { OfflineWeights } from './offline-comparator.js';

export const OFFLINE_CERTAINTY_WEIGHTS: OfflineWeights & { fittedOn: string } = {
  version: fitted.version,
  weights: fitted.weights,
  tieBand: fitted.tieBand,
  clearBand: fitted.clearBand,
  fittedOn: fitted.fittedOn,
};
