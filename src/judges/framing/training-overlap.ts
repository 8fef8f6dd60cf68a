import { readFileSync } from 'node:fs';
import { fingerprintSet, textFingerprint } from '../fingerprint.js';

/**
 * Which reviews the shipped offline framing judge was fitted on: fingerprints of every training
 * review (training-fingerprints.json, written by scripts/fit-framing.ts), so that
 * `slant validate framing` says which labelled rows are in-sample.
 */
let TRAINING: Set<string> | undefined;

export function inOfflineFramingTrainingSet(text: string): boolean {
  TRAINING ??= fingerprintSet((JSON.parse(readFileSync(new URL('./training-fingerprints.json', import.meta.url), 'utf8')) as { fingerprints: string }).fingerprints);
  return TRAINING.has(textFingerprint(text));
}
