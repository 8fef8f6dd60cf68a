/**
 * Fingerprints of training texts: the first 8 hex digits of SHA-256 over the normalised text.
 * Fit scripts store the fingerprints of every training row (not the rows, so no data is
 * redistributed) next to a judge's weights, and validation uses them to flag in-sample rows.
 * With about 10,000 fingerprints an unseen text collides by chance with probability ≈ 2.3·10⁻⁶.
 */
import { createHash } from 'node:crypto';

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

/** Sorted distinct fingerprints of the texts, concatenated (the stored form). */
export function packFingerprints(texts: Iterable<string>): string {
  return [...new Set([...texts].map(textFingerprint))].sort().join('');
}
