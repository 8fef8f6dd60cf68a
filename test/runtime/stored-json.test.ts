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

  it('reads a non-finite number whose key or value is spelled with \\u escapes, and plain texts as JSON.parse does', () => {
    // the fast path (no reviver) is taken only when the text holds neither "$number" nor a \u escape
    const escaped = (fromStoredJson('{"v":{"\\u0024number":"NaN"},"w":[{"$numb\\u0065r":"-Infinity"}]}') as { v: number; w: number[] });
    expect(escaped.v).toBeNaN();
    expect(escaped.w).toEqual([-Infinity]);
    expect(fromStoredJson('{"$number":"Infinity"}')).toBe(Infinity);
    for (const t of ['{"a":[1,2.5,null,true],"b":{"c":"d \\n e"},"number":"NaN"}', '[]', '"x"', '1e308', '{"\\u00e9":"\\u0000"}']) {
      expect(fromStoredJson(t)).toEqual(JSON.parse(t));
    }
  });

  it('refuses undefined with a message naming what was stored', () => {
    expect(() => toStoredJson(undefined, 'output for record "r1"')).toThrow(/output for record "r1" is undefined/);
  });
});

describe('toStoredJson redacts', () => {
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

describe('toStoredJson without a replacer where it can', () => {
  /** the text before JSON.stringify with the non-finite replacer on every value */
  const withReplacer = (v: unknown): string | undefined => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'number' && !Number.isFinite(x) ? { $number: String(x) } : x));

  class Point {
    constructor(
      readonly x: number,
      readonly y: number,
    ) {}
  }
  const withGetter = Object.defineProperty({ a: 1 }, 'b', { enumerable: true, get: () => Number.NaN });
  const values: unknown[] = [
    { source: 'a text', output: 'its summary' },
    { fC: 'positive', fS: 'neutral', changed: true },
    { sB: 0.25, sM: 0.125, sE: 1e-300, primacy: false },
    [1, 2, [3, { x: NaN }]],
    { deep: { deeper: { deepest: [-Infinity] } } },
    { at: new Date(0), n: 1 },
    { at: new Date(Number.NaN) },
    new Point(1, Number.POSITIVE_INFINITY),
    new Map([['a', 1]]),
    withGetter,
    { toJSON: () => Number.NaN },
    { f: () => 1, u: undefined, s: Symbol('s'), n: null },
    Object.assign(Object.create(null) as Record<string, unknown>, { a: Number.NaN, b: 'x' }),
    Array.from({ length: 70 }).reduce<unknown>((acc) => ({ next: acc }), { leaf: Number.NaN }),
    Array.from({ length: 70 }).reduce<unknown>((acc) => ({ next: acc }), { leaf: 1 }),
    12,
    Number.NaN,
    'a string',
    null,
  ];

  it('writes the same text as the replacer on every value', () => {
    for (const v of values) expect(toStoredJson(v, 'x')).toBe(withReplacer(v));
  });
});
