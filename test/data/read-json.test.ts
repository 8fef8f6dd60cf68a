import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { readAllRecords } from '../../src/data/index.js';
import { bytes, rejection, useTempDir } from './temp-dir.js';

const tmp = useTempDir();

describe('JSON reader', () => {
  it('reads an array of objects with 1-based rows', async () => {
    const f = tmp.file('arr.json', JSON.stringify([{ id: 'x', text: 'a' }, { id: 'y', text: 'b' }]));
    const { records } = await readAllRecords(f, { fields: { source: 'text' }, required: ['source'] });
    expect(records).toEqual([
      { id: 'x', fields: { source: 'a' }, location: { file: f, row: 1 } },
      { id: 'y', fields: { source: 'b' }, location: { file: f, row: 2 } },
    ]);
  });

  it('reads an object of objects keyed by id, the key being the id (SummEval shape)', async () => {
    const doc = {
      'dm-test-1': { src: 'article one', ref_summ: 'ref one', sys_summs: { m1: { sys_summ: 's' } } },
      'dm-test-2': { src: 'article two', ref_summ: 'ref two', sys_summs: {} },
    };
    const f = tmp.file('keyed.json', JSON.stringify(doc, null, 2));
    const { records } = await readAllRecords(f, {
      fields: { source: 'src', reference: 'ref_summ', first: 'sys_summs.m1.sys_summ' },
      required: ['source'],
      optional: ['reference'],
    });
    expect(records.map((r) => [r.id, r.fields])).toEqual([
      ['dm-test-1', { source: 'article one', reference: 'ref one', first: 's' }],
      ['dm-test-2', { source: 'article two', reference: 'ref two' }],
    ]);
  });

  it('names the key of a bad record in a keyed object', async () => {
    const f = tmp.file('keyed-bad.json', JSON.stringify({ a: { src: 'x' }, b: { src: '' } }));
    const err = await rejection(readAllRecords(f, { fields: { source: 'src' }, required: ['source'] }));
    expect(err.message).toBe(`${f}, row 2, field "source": record "b": field "source" is empty (source field "src"); expected non-empty text`);
  });

  it('gives the line of a JSON syntax error', async () => {
    const f = tmp.file('broken.json', '[\n  {"source": "a"},\n  {"source": "b",}\n]\n');
    const err = await rejection(readAllRecords(f));
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).location).toEqual({ file: f, line: 3 });
    expect(err.message).toContain('malformed JSON');
  });

  it('strips a BOM and reports invalid UTF-8 by line', async () => {
    const ok = tmp.file('bom.json', bytes([0xef, 0xbb, 0xbf], '[{"source":"a"}]'));
    expect((await readAllRecords(ok, { required: ['source'] })).records).toHaveLength(1);
    const bad = tmp.file('bad.json', bytes('[\n{"source":"a"},\n{"source":"', [0xe2, 0x28, 0xa1], '"}]'));
    const err = await rejection(readAllRecords(bad));
    expect(err.message).toContain('invalid UTF-8 on line 3');
  });

  it('rejects a top-level scalar', async () => {
    const f = tmp.file('scalar.json', '42');
    const err = await rejection(readAllRecords(f));
    expect(err.message).toContain('the document is a number; expected an array of objects or an object of objects keyed by id');
  });
});
