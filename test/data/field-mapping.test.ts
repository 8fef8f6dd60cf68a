import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { lookupField, parseFieldMappings } from '../../src/data/index.js';

describe('parseFieldMappings', () => {
  it('maps canonical -> source', () => {
    expect(parseFieldMappings(['source=reviewText', 'output=summary', ' rating = reviews.rating '])).toEqual({
      source: 'reviewText',
      output: 'summary',
      rating: 'reviews.rating',
    });
  });

  it('keeps "=" inside the source name', () => {
    expect(parseFieldMappings(['source=a=b'])).toEqual({ source: 'a=b' });
  });

  it('rejects a spec without "=" as a UserError', () => {
    expect(() => parseFieldMappings(['foo'])).toThrow(UserError);
    expect(() => parseFieldMappings(['foo'])).toThrow('field mapping "foo" has no "="; expected canonical=source');
  });

  it('rejects empty sides and conflicting mappings', () => {
    expect(() => parseFieldMappings(['=x'])).toThrow(UserError);
    expect(() => parseFieldMappings(['source='])).toThrow(UserError);
    expect(() => parseFieldMappings(['source=a', 'source=b'])).toThrow('mapped twice');
  });
});

describe('lookupField', () => {
  it('walks nested objects with a dotted name', () => {
    expect(lookupField({ meta: { text: 'deep', n: 0 } }, 'meta.text')).toBe('deep');
    expect(lookupField({ meta: { n: 0 } }, 'meta.n')).toBe(0);
    expect(lookupField({ meta: { text: 'x' } }, 'meta.nope')).toBeUndefined();
    expect(lookupField({ meta: 'flat' }, 'meta.text')).toBeUndefined();
  });

  it('prefers a literal key over nested lookup', () => {
    expect(lookupField({ 'reviews.text': 'literal', reviews: { text: 'nested' } }, 'reviews.text')).toBe('literal');
  });

  it('mixes literal dotted keys and nesting', () => {
    expect(lookupField({ 'a.b': { c: 1 } }, 'a.b.c')).toBe(1);
    expect(lookupField({ a: { 'b.c': 2 } }, 'a.b.c')).toBe(2);
  });

  it('does not find inherited properties', () => {
    expect(lookupField({}, 'constructor')).toBeUndefined();
    expect(lookupField({}, 'toString')).toBeUndefined();
  });
});
