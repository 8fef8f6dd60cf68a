import type { Mitigation } from '../types.js';

/** Decoding-time mitigations (seed 000 Table A5), one file each in this folder. */
export const DECODE_MITIGATIONS: Mitigation[] = [];
