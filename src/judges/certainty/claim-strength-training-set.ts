// Fingerprints of the claim-strength scorer's training sentences live in
// claim-strength-training-set.json (written by scripts/fit-certainty-weights.ts --out-fingerprints).
import { readFileSync } from 'node:fs';

export const TRAINING_SENTENCE_FINGERPRINTS: string = (JSON.parse(readFileSync(new URL('./claim-strength-training-set.json', import.meta.url), 'utf8')) as { fingerprints: string }).fingerprints;
