import { createHash } from 'node:crypto';
import type { FramingModel } from './model.js';
import type { NgramFramingModel } from './ngram-model.js';

/** Bump when features, VADER handling or the decision rule change; the +hash follows the numbers. */
export const OFFLINE_FRAMING_CODE_VERSION = '2.0.0';

/** The offline framing judge's version for a model: code version + the first 8 hex digits of SHA-256 of its numbers. */
export function offlineFramingVersion(model: FramingModel | NgramFramingModel): string {
  return known.get(model) ?? `${OFFLINE_FRAMING_CODE_VERSION}+${createHash('sha256').update(JSON.stringify(model)).digest('hex').slice(0, 8)}`;
}

const known = new WeakMap<object, string>();

/**
 * Remember the version of `model` as that of `same` (the same numbers, held as plain data): the
 * shipped model reads its n-grams lazily (shipped.ts), so hashing it would re-read its asset.
 */
export function rememberFramingVersion(model: NgramFramingModel, same: NgramFramingModel): void {
  known.set(model, offlineFramingVersion(same));
}
