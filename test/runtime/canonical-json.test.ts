import { describe, it, expect } from 'vitest';
import { canonicalJson, sha256Hex } from '../../src/runtime/canonical-json.js';

describe('canonicalJson', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}',
    );
  });

  it('gives the same text for objects built in different key orders', () => {
    const one = { model: 'm', params: { temperature: 0, seed: 1 } };
    const two = { params: { seed: 1, temperature: 0 }, model: 'm' };
    expect(canonicalJson(one)).toBe(canonicalJson(two));
  });

  it('drops undefined properties and writes undefined array slots as null', () => {
    expect(canonicalJson({ a: undefined, b: [undefined, 1] })).toBe('{"b":[null,1]}');
  });

  it('writes numbers and strings as JSON does', () => {
    expect(canonicalJson([0.1, -0, 1e21, 'é"\n'])).toBe('[0.1,0,1e+21,"é\\"\\n"]');
  });

  it('uses toJSON (dates become ISO strings)', () => {
    expect(canonicalJson({ at: new Date(Date.UTC(2026, 0, 2)) })).toBe('{"at":"2026-01-02T00:00:00.000Z"}');
  });

  it('rejects functions, NaN, Infinity, bigints, Maps and cycles, naming the path', () => {
    expect(() => canonicalJson({ a: { f: () => 1 } })).toThrow(/a function at \$\.a\.f/);
    expect(() => canonicalJson({ p: [1, Number.NaN] })).toThrow(/NaN at \$\.p\[1\]/);
    expect(() => canonicalJson({ x: Infinity })).toThrow(/Infinity at \$\.x/);
    expect(() => canonicalJson({ n: 1n })).toThrow(/bigint/);
    expect(() => canonicalJson({ m: new Map() })).toThrow(/type Map at \$\.m/);
    const cyc: Record<string, unknown> = {};
    cyc.self = cyc;
    expect(() => canonicalJson(cyc)).toThrow(/circular/);
    expect(() => canonicalJson(undefined)).toThrow(/undefined/);
  });

  it('allows the same object twice when it is not a cycle', () => {
    const shared = { k: 1 };
    expect(canonicalJson({ a: shared, b: shared })).toBe('{"a":{"k":1},"b":{"k":1}}');
  });
});

describe('sha256Hex', () => {
  it('matches the FIPS 180-2 test vector for "abc"', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
