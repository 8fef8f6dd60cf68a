import { describe, it, expect } from 'vitest';
import { fromStoredJson, toStoredJson } from '../../src/runtime/stored-json.js';

describe('stored JSON', () => {
  it('keeps NaN and infinities that JSON.stringify would turn into null', () => {
    const v = { r: Number.NaN, lp: [-Infinity, 0.5], up: Infinity };
    const text = toStoredJson(v, 'x');
    expect(text).toBe('{"r":{"$number":"NaN"},"lp":[{"$number":"-Infinity"},0.5],"up":{"$number":"Infinity"}}');
    const back = fromStoredJson(text) as typeof v;
    expect(back.r).toBeNaN();
    expect(back.lp).toEqual([-Infinity, 0.5]);
    expect(back.up).toBe(Infinity);
  });

  it('leaves look-alike objects with other keys or values alone', () => {
    expect(fromStoredJson('{"$number":"12"}')).toEqual({ $number: '12' });
    expect(fromStoredJson('{"$number":"NaN","x":1}')).toEqual({ $number: 'NaN', x: 1 });
  });

  it('refuses undefined with a message naming what was stored', () => {
    expect(() => toStoredJson(undefined, 'output for record "r1"')).toThrow(/output for record "r1" is undefined/);
  });
});

describe('toStoredJson redacts (issue 11)', () => {
  it('replaces registered keys and key-shaped tokens in every string and key, keeping valid JSON', async () => {
    const { clearSecrets, registerSecret } = await import('../../src/core/redact.js');
    registerSecret('stored-secret-value-1');
    try {
      const text = toStoredJson({ text: 'a stored-secret-value-1 b', warnings: [{ message: 'refused: Bearer abc123def456ghi' }], 'stored-secret-value-1': 1 }, 'output');
      expect(fromStoredJson(text)).toEqual({ text: 'a [redacted] b', warnings: [{ message: 'refused: Bearer [redacted]' }], '[redacted]': 1 });
    } finally {
      clearSecrets();
    }
  });
});
