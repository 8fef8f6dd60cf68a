import { describe, expect, it } from 'vitest';
import { canonicalJson, deriveRecordId } from '../../src/data/index.js';

describe('canonicalJson', () => {
  it('sorts keys recursively and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[3,{"y":2,"z":1}]},"b":1}');
  });
});

describe('deriveRecordId', () => {
  // expected values from Python:
  //   s = json.dumps(obj, separators=(',', ':'), sort_keys=True, ensure_ascii=False)
  //   hashlib.sha256(s.encode()).hexdigest()[:16]
  it('is h: + first 16 hex of sha256 of the canonical JSON of the required fields', () => {
    expect(deriveRecordId({ source: 'hello' }, ['source'])).toBe('h:11c6a0a69dfa4916');
    // '{"output":"b","source":"a"}' whatever the key order
    expect(deriveRecordId({ source: 'a', output: 'b' }, ['source', 'output'])).toBe('h:ac388885fbcc1802');
    expect(deriveRecordId({ output: 'b', source: 'a' }, ['output', 'source'])).toBe('h:ac388885fbcc1802');
    // non-ASCII text hashed as UTF-8: '{"source":"café “quoted”"}'
    expect(deriveRecordId({ source: 'café “quoted”' }, ['source'])).toBe('h:8185e435e983d6d4');
  });

  it('ignores fields that are not required', () => {
    expect(deriveRecordId({ source: 'hello', rating: 5 }, ['source'])).toBe('h:11c6a0a69dfa4916');
  });

  it('hashes all fields when none are required', () => {
    expect(deriveRecordId({ source: 'a', output: 'b' })).toBe('h:ac388885fbcc1802');
  });
});
