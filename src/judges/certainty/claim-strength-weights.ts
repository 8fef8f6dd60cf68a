// The fitted claim-strength scorer lives in claim-strength-weights.json (written by
// scripts/fit-certainty-weights.ts --out-model); this module only loads it.
import { readFileSync } from 'node:fs';
import type { ClaimStrengthModel } from './claim-strength.js';

const raw = JSON.parse(readFileSync(new URL('./claim-strength-weights.json', import.meta.url), 'utf8')) as ClaimStrengthModel & { fittedOn?: string };

export const CLAIM_STRENGTH_MODEL: ClaimStrengthModel = { version: raw.version, bias: raw.bias, weights: raw.weights };
