import { join } from 'node:path';
import { parquetWriteFile } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { readAllRecords, readRecords } from '../../src/data/index.js';
import { rejection, useTempDir } from './temp-dir.js';

const tmp = useTempDir();

function writeReviews(name: string): string {
  const filename = join(tmp.dir, name);
  parquetWriteFile({
    filename,
    columnData: [
      { name: 'review_id', data: [1n, 2n, 3n, 4n, 5n], type: 'INT64' },
      { name: 'reviewText', data: ['great', 'bad', 'café “ok”', 'fine', 'meh'], type: 'STRING' },
      { name: 'stars', data: [5, 1, 3, 4, 2], type: 'INT32' },
    ],
    rowGroupSize: 2, // three row groups: rows 1-2, 3-4, 5
  });
  return filename;
}

describe('Parquet reader', () => {
  it('reads every row group with 1-based row locations and maps fields', async () => {
    const f = writeReviews('reviews.parquet');
    const { records, stats } = await readAllRecords(f, {
      fields: { id: 'review_id', source: 'reviewText', rating: 'stars' },
      required: ['source'],
      optional: ['rating'],
    });
    expect(stats).toEqual({ read: 5, accepted: 5, skipped: 0, problems: [] });
    expect(records.map((r) => [r.id, r.fields.source, r.fields.rating, r.location.row])).toEqual([
      ['1', 'great', 5, 1],
      ['2', 'bad', 1, 2],
      ['3', 'café “ok”', 3, 3],
      ['4', 'fine', 4, 4],
      ['5', 'meh', 2, 5],
    ]);
  });

  it('reports row N (1-based) for a bad value in a later row group', async () => {
    const filename = join(tmp.dir, 'empty-text.parquet');
    parquetWriteFile({
      filename,
      columnData: [{ name: 'source', data: ['a', 'b', 'c', '  '], type: 'STRING' }],
      rowGroupSize: 3,
    });
    const err = await rejection(readAllRecords(filename, { required: ['source'] }));
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toBe(`${filename}, row 4, field "source": field "source" is empty; expected non-empty text`);
  });

  it('reports invalid UTF-8 in a string column instead of replacing it', async () => {
    const filename = join(tmp.dir, 'bad-utf8.parquet');
    parquetWriteFile({
      filename,
      columnData: [{ name: 'source', data: [Buffer.from('fine'), Uint8Array.from([0x63, 0xc3, 0x28])], type: 'BYTE_ARRAY' }],
    });
    const err = await rejection(readAllRecords(filename, { required: ['source'] }));
    expect(err.message).toContain('row 2');
    expect(err.message).toContain('invalid UTF-8 in column "source"');
  });

  it('stops early with limit', async () => {
    const f = writeReviews('limit.parquet');
    const reader = readRecords(f, { fields: { source: 'reviewText' }, required: ['source'], limit: 3 });
    const ids: string[] = [];
    for await (const r of reader) ids.push(String(r.fields.source));
    expect(ids).toEqual(['great', 'bad', 'café “ok”']);
    expect(reader.stats.accepted).toBe(3);
  });

  it('says a non-parquet file is not readable Parquet', async () => {
    const f = tmp.file('fake.parquet', 'id,source\n1,a\n');
    const err = await rejection(readAllRecords(f));
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toContain('not a readable Parquet file');
  });
});
