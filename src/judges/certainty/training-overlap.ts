/**
 * Which texts the offline comparator was fitted on. The fit script stores a 32-bit fingerprint
 * (the first 8 hex digits of SHA-256 over the normalised text) of every training sentence in
 * claim-strength-training-set.json — fingerprints, not the texts, so no data is redistributed —
 * and validation uses them to say which labelled pairs are in-sample (a pair whose texts were
 * training sentences cannot measure how the comparator generalises). With about 6,500
 * fingerprints, an unseen text collides by chance with probability ≈ 1.5·10⁻⁶.
 */
import { fingerprintSet, textFingerprint } from '../fingerprint.js';
import { TRAINING_SENTENCE_FINGERPRINTS } from './claim-strength-training-set.js';

export { fingerprintSet, normaliseForFingerprint, textFingerprint } from '../fingerprint.js';

let TRAINING: Set<string> | undefined;

/** True when the text (normalised) was one of the offline comparator's training sentences. */
export function inOfflineTrainingSet(text: string): boolean {
  TRAINING ??= fingerprintSet(TRAINING_SENTENCE_FINGERPRINTS);
  return TRAINING.has(textFingerprint(text));
}
