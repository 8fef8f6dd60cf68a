import type { Mitigation } from '../types.js';
import { explanationGuard } from './explanation-guard.js';
import { forcedBalancedCoverage } from './forced-balanced-coverage.js';
import { mirostatDecoding } from './mirostat.js';
import { rejectionSampling } from './rejection-sampling.js';
import { selfDebias } from './self-debias.js';
import { weightedTokenDecoding } from './weighted-token-decoding.js';

/** Decoding-time mitigations (seed 000 Table A5), one file each in this folder. */
export const DECODE_MITIGATIONS: Mitigation[] = [
  forcedBalancedCoverage,
  weightedTokenDecoding,
  mirostatDecoding,
  rejectionSampling,
  selfDebias,
  explanationGuard,
];
