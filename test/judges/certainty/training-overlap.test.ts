import { createHash } from 'node:crypto';
import { describe, it, expect } from 'vitest';
import { fingerprintSet, normaliseForFingerprint, textFingerprint } from '../../../src/judges/certainty/training-overlap.js';

describe('training-set fingerprints', () => {
  it('are the first 8 hex digits of SHA-256 over the normalised text', () => {
    expect(normaliseForFingerprint('  Coffee   MAY\nreduce risk. ')).toBe('coffee may reduce risk.');
    const expected = createHash('sha256').update('coffee may reduce risk.').digest('hex').slice(0, 8);
    expect(textFingerprint('  Coffee   MAY\nreduce risk. ')).toBe(expected);
    // full-width characters fold under NFKC
    expect(textFingerprint('ＣＯＦＦＥＥ may reduce risk.')).toBe(expected);
    expect(textFingerprint('Coffee may not reduce risk.')).not.toBe(expected);
  });
  it('parse a packed string and reject a malformed one', () => {
    const a = textFingerprint('a');
    const b = textFingerprint('b');
    const set = fingerprintSet(a + b);
    expect(set.has(a) && set.has(b)).toBe(true);
    expect(set.size).toBe(2);
    expect(() => fingerprintSet('abc')).toThrow(/8-hex-digit/);
    expect(() => fingerprintSet('zzzzzzzz')).toThrow(/8-hex-digit/);
  });
});
