/**
 * Which texts the offline comparator was fitted on. The fit script stores a 32-bit fingerprint
 * (the first 8 hex digits of SHA-256 over the normalised text) of every training sentence in
 * claim-strength-training-set.ts — fingerprints, not the texts, so no data is redistributed —
 * and validation uses them to say which labelled pairs are in-sample (a pair whose texts were
 * training sentences cannot measure how the comparator generalises). With about 6,500
 * fingerprints, an unseen text collides by chance with probability ≈ 1.5·10⁻⁶.
 */
import { createHash } from 'node:crypto';
import { TRAINING_SENTENCE_FINGERPRINTS } from './claim-strength-training-set.js';

/** Unicode NFKC, lowercase, runs of whitespace as one space, trimmed. */
export function normaliseForFingerprint(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function textFingerprint(text: string): string {
  return createHash('sha256').update(normaliseForFingerprint(text)).digest('hex').slice(0, 8);
}

/** Parses a string of concatenated 8-hex-digit fingerprints. */
export function fingerprintSet(packed: string): Set<string> {
  if (packed.length % 8 !== 0 || /[^0-9a-f]/.test(packed)) throw new RangeError('fingerprintSet: expected concatenated 8-hex-digit fingerprints');
  const out = new Set<string>();
  for (let i = 0; i < packed.length; i += 8) out.add(packed.slice(i, i + 8));
  return out;
}

let TRAINING: Set<string> | undefined;

/** True when the text (normalised) was one of the offline comparator's training sentences. */
export function inOfflineTrainingSet(text: string): boolean {
  TRAINING ??= fingerprintSet(TRAINING_SENTENCE_FINGERPRINTS);
  return TRAINING.has(textFingerprint(text));
}
