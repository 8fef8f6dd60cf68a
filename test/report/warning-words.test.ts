import { describe, expect, it } from 'vitest';
import { warningWords } from '../../src/report/format.js';

describe('warningWords', () => {
  it('names the source once: before the message, or not again when the message starts with it', () => {
    expect(warningWords({ source: 'builtin:lead-3', message: 'builtin:lead-3 is an extractive system and ignores decoding settings (seed)' })).toBe('builtin:lead-3 is an extractive system and ignores decoding settings (seed)');
    expect(warningWords({ source: 'framing', message: 'the judge has no card' })).toBe('framing: the judge has no card');
  });
});
