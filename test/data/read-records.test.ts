import { execFileSync } from 'node:child_process';
import { createWriteStream, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parquetWriteFile } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InputError, UserError } from '../../src/core/errors.js';
import { detectFormat, readAllRecords, readRecords, writeCsv, writeJsonl, type InputFormat } from '../../src/data/index.js';
import { bytes, rejection, useTempDir } from './temp-dir.js';

const tmp = useTempDir();

const ROWS = [
  { id: 'r1', text: 'plain text', summary: 'short' },
  { id: 'r2', text: 'comma, "quotes" and\nnewline', summary: ' leading and trailing spaces ' },
  { id: 'r3', text: 'unicode: café – “ü” 日本 🙂', summary: 'tab\there' },
];
const MAPPING = { fields: { source: 'text', output: 'summary' }, required: ['source'], optional: ['output'] };

async function writeAll(base: string, rows: Record<string, string>[]): Promise<Record<InputFormat, string>> {
  const files = {
    jsonl: join(tmp.dir, base, 'data.jsonl'),
    csv: join(tmp.dir, base, 'data.csv'),
    tsv: join(tmp.dir, base, 'data.tsv'),
    parquet: join(tmp.dir, base, 'data.parquet'),
    json: join(tmp.dir, base, 'data.json'),
  };
  const columns = Object.keys(rows[0] ?? {});
  await writeJsonl(files.jsonl, rows);
  await writeCsv(files.csv, rows, columns);
  await writeCsv(files.tsv, rows, columns, { delimiter: '\t' });
  parquetWriteFile({
    filename: files.parquet,
    columnData: columns.map((name) => ({ name, data: rows.map((r) => r[name]), type: 'STRING' as const })),
    rowGroupSize: 2,
  });
  writeFileSync(files.json, JSON.stringify(rows));
  return files;
}

describe('readRecords across formats', () => {
  it('round-trips the same records through every format', async () => {
    const files = await writeAll('roundtrip', ROWS);
    const expected = ROWS.map((r) => ({ id: r.id, fields: { source: r.text, output: r.summary } }));
    for (const format of ['jsonl', 'csv', 'tsv', 'parquet', 'json'] as const) {
      const { records, stats } = await readAllRecords(files[format], MAPPING);
      expect(records.map(({ id, fields }) => ({ id, fields })), format).toEqual(expected);
      expect(stats, format).toEqual({ read: 3, accepted: 3, skipped: 0, problems: [] });
    }
  });

  it('derives the same ids in every format and every run', async () => {
    const noIds = ROWS.map(({ text, summary }) => ({ text, summary }));
    const files = await writeAll('derived', noIds);
    const idsByFormat: string[][] = [];
    for (const format of ['jsonl', 'csv', 'tsv', 'parquet', 'json'] as const) {
      const { records } = await readAllRecords(files[format], MAPPING);
      idsByFormat.push(records.map((r) => r.id));
    }
    for (const ids of idsByFormat) expect(ids).toEqual(idsByFormat[0]);
    // pinned: sha256('{"source":"plain text"}') from Python hashlib, first 16 hex digits
    expect(idsByFormat[0]?.[0]).toBe('h:c8609ee36b9aa31d');
    expect(new Set(idsByFormat[0]).size).toBe(3);
  });

  it('takes the format from an explicit option over the extension', async () => {
    const f = tmp.file('data.txt', '{"source":"x"}\n');
    await expect(readAllRecords(f)).rejects.toThrow(UserError);
    const { records } = await readAllRecords(f, { format: 'jsonl', required: ['source'] });
    expect(records).toHaveLength(1);
  });
});

describe('detectFormat', () => {
  it('maps extensions, case-insensitively', () => {
    expect(['a.jsonl', 'a.NDJSON', 'a.csv', 'a.tsv', 'a.parquet', 'a.json'].map(detectFormat)).toEqual([
      'jsonl',
      'jsonl',
      'csv',
      'tsv',
      'parquet',
      'json',
    ]);
  });

  it('lists the supported extensions for an unknown one', () => {
    expect(() => detectFormat('data.xlsx')).toThrow(UserError);
    expect(() => detectFormat('data.xlsx')).toThrow('supported extensions: .jsonl, .ndjson, .csv, .tsv, .parquet, .json');
  });
});

describe('validation and errors', () => {
  it('says a missing file is not found (UserError, not ENOENT)', async () => {
    const err = await rejection(readAllRecords(join(tmp.dir, 'nope.jsonl')));
    expect(err).toBeInstanceOf(UserError);
    expect(err.message).toBe(`file not found: ${join(tmp.dir, 'nope.jsonl')}`);
  });

  it('rejects empty text with the exact message', async () => {
    const f = tmp.file('empty-text.jsonl', '{"id":"a","source":"ok"}\n{"id":"b","source":"  \\n "}\n');
    const err = await rejection(readAllRecords(f, { required: ['source'] }));
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).location).toEqual({ file: f, line: 2, field: 'source' });
    expect(err.message).toBe(`${f}, line 2, field "source": field "source" is empty; expected non-empty text`);
  });

  it('rejects a missing or non-string required field, naming the source field', async () => {
    const f = tmp.file('missing-field.jsonl', '{"reviewText":"ok"}\n{"other":1}\n');
    const err = await rejection(readAllRecords(f, { fields: { source: 'reviewText' }, required: ['source'] }));
    expect(err.message).toContain('line 2, field "source": field "source" is missing (source field "reviewText")');
    const g = tmp.file('number-field.jsonl', '{"source":42}\n');
    expect((await rejection(readAllRecords(g, { required: ['source'] }))).message).toContain('field "source" is a number; expected text');
  });

  it('rejects a duplicate id naming both lines', async () => {
    const f = tmp.file('dup.jsonl', '{"id":"a","source":"x"}\n{"id":"b","source":"y"}\n{"id":"a","source":"z"}\n');
    const err = await rejection(readAllRecords(f, { required: ['source'] }));
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toBe(`${f}, line 3: duplicate id "a": first at line 1, again at line 3`);
  });

  it('treats numeric ids in JSON and CSV alike', async () => {
    const j = tmp.file('num-id.jsonl', '{"sentence_id":200,"source":"x"}\n');
    const c = tmp.file('num-id.csv', 'sentence_id,source\n200,x\n');
    for (const f of [j, c]) {
      const { records } = await readAllRecords(f, { idField: 'sentence_id', required: ['source'] });
      expect(records[0]?.id).toBe('200');
    }
  });

  it('requires an explicitly named id field', async () => {
    const f = tmp.file('no-id.jsonl', '{"key":"a","source":"x"}\n{"source":"y"}\n');
    const err = await rejection(readAllRecords(f, { idField: 'key', required: ['source'] }));
    expect(err.message).toContain('line 2, field "key": id field "key" is missing');
  });

  it('derives ids when asked even if an id column exists (it may not identify records)', async () => {
    const f = tmp.file('product-ids.csv', 'id,reviews.text\nP1,good\nP1,bad\n');
    await expect(readAllRecords(f, { fields: { source: 'reviews.text' }, required: ['source'] })).rejects.toThrow('duplicate id "P1"');
    const { records } = await readAllRecords(f, { fields: { source: 'reviews.text' }, required: ['source'], deriveIds: true });
    expect(records.map((r) => r.id.startsWith('h:'))).toEqual([true, true]);
  });

  it('turns zod issues into messages naming the field and the expectation', async () => {
    const schema = z.object({ id: z.string(), source: z.string().min(3), rating: z.coerce.number().int().min(1).max(5) });
    const f = tmp.file('schema.csv', 'id,source,rating\na,good text,5\nb,fine text,9\n');
    const err = await rejection(readAllRecords(f, { required: ['source'], optional: ['rating'], schema }));
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).location).toEqual({ file: f, line: 3, field: 'rating' });
    expect(err.message).toMatch(/line 3, field "rating": field "rating": .*5/);
    // the schema's output (coerced number) becomes the fields
    const ok = tmp.file('schema-ok.csv', 'id,source,rating\na,good text,5\n');
    const { records } = await readAllRecords(ok, { required: ['source'], optional: ['rating'], schema });
    expect(records[0]?.fields).toEqual({ source: 'good text', rating: 5 });
  });

  it('copies unmapped fields with keepAll, but never "id" or mapped sources', async () => {
    const f = tmp.file('keep.jsonl', '{"id":"a","text":"x","lang":"en","meta":{"n":1}}\n');
    const { records } = await readAllRecords(f, { fields: { source: 'text' }, required: ['source'], keepAll: true });
    expect(records[0]?.fields).toEqual({ source: 'x', lang: 'en', meta: { n: 1 } });
    const { records: lean } = await readAllRecords(f, { fields: { source: 'text' }, required: ['source'] });
    expect(lean[0]?.fields).toEqual({ source: 'x' });
  });
});

describe('skipInvalid', () => {
  it('goes on past bad records, counting all and keeping the first 20 reasons', async () => {
    const lines = ['{"id":"ok1","source":"fine"}'];
    for (let i = 0; i < 25; i++) lines.push(`{"id":"e${i}","source":""}`); // lines 2..26: empty text
    lines.push('{"id":"ok1","source":"again"}'); // line 27: duplicate id
    lines.push('{not json'); // line 28: malformed
    const f = tmp.file('skip.jsonl', bytes(lines.join('\n'), '\n{"source":"caf', [0xff], '"}\n', '{"id":"ok2","source":"fine"}\n{"source":"cut'));
    const reader = readRecords(f, { required: ['source'], skipInvalid: true });
    const ids: string[] = [];
    for await (const r of reader) ids.push(r.id);
    expect(ids).toEqual(['ok1', 'ok2']);
    // 25 empty + 1 duplicate + 1 malformed + 1 invalid UTF-8 + 1 truncated last line
    expect(reader.stats.read).toBe(31);
    expect(reader.stats.accepted).toBe(2);
    expect(reader.stats.skipped).toBe(29);
    expect(reader.stats.problems).toHaveLength(20);
    expect(reader.stats.problems[0]).toEqual({
      location: { file: f, line: 2, field: 'source' },
      message: 'field "source" is empty; expected non-empty text',
    });
  });

  it('counts the invalid-UTF-8 line and the truncated last line among the skipped', async () => {
    const f = tmp.file('skip-tail.jsonl', bytes('{"source":"a"}\n{"source":"', [0xc0, 0xaf], '"}\n{"source":"b"}\n{"source":"c'));
    const { records, stats } = await readAllRecords(f, { required: ['source'], skipInvalid: true });
    expect(records.map((r) => r.fields.source)).toEqual(['a', 'b']);
    expect(stats.skipped).toBe(2);
    expect(stats.problems.map((p) => p.location.line)).toEqual([2, 4]);
    expect(stats.problems[1]?.message).toContain('line 4 is incomplete (file ends mid-record)');
  });

  it('skips bad CSV records and keeps the good ones', async () => {
    const f = tmp.file('skip.csv', bytes('id,source\n1,a\n2,\n3,b,extra\n4,', [0xff], '\n5,c\n'));
    const { records, stats } = await readAllRecords(f, { required: ['source'], skipInvalid: true });
    expect(records.map((r) => r.id)).toEqual(['1', '5']);
    expect(stats.skipped).toBe(3);
    expect(stats.problems.map((p) => p.location.line)).toEqual([3, 4, 5]);
  });

  it('still fails on a missing column (the whole file is unusable)', async () => {
    const f = tmp.file('skip-missing.csv', 'id,text\n1,a\n');
    await expect(readAllRecords(f, { required: ['source'], skipInvalid: true })).rejects.toThrow('missing column "source"');
  });

  it("duplicates: 'skip' drops repeats without excusing other problems", async () => {
    const f = tmp.file('dups.jsonl', '{"source":"same"}\n{"source":"same"}\n{"source":"other"}\n');
    const { records, stats } = await readAllRecords(f, { required: ['source'], duplicates: 'skip' });
    expect(records.map((r) => r.location.line)).toEqual([1, 3]);
    expect(stats.skipped).toBe(1);
    expect(stats.problems[0]?.message).toContain('derived ids repeat when the text repeats');
    const g = tmp.file('dups-empty.jsonl', '{"source":"same"}\n{"source":""}\n');
    await expect(readAllRecords(g, { required: ['source'], duplicates: 'skip' })).rejects.toThrow('is empty');
  });
});

describe('limit and streaming', () => {
  it('stops after limit accepted records', async () => {
    const f = tmp.file('many.jsonl', Array.from({ length: 50 }, (_, i) => JSON.stringify({ source: `t${i}` })).join('\n'));
    const { records, stats } = await readAllRecords(f, { required: ['source'], limit: 5 });
    expect(records.map((r) => r.fields.source)).toEqual(['t0', 't1', 't2', 't3', 't4']);
    expect(stats.read).toBe(5);
    expect(() => readRecords(f, { limit: -1 })).toThrow(UserError);
  });

  it('yields records from a file whose writer has not finished (a FIFO)', async () => {
    const fifo = join(tmp.dir, 'live.jsonl');
    execFileSync('mkfifo', [fifo]);
    const writer = createWriteStream(fifo);
    writer.write('{"id":"first","source":"one"}\n');
    const iterator = readRecords(fifo, { required: ['source'] })[Symbol.asyncIterator]();
    // the writer is still open: a reader that waited for the end of the file would never get here
    const first = await iterator.next();
    expect(first.value).toMatchObject({ id: 'first', fields: { source: 'one' } });
    writer.end('{"id":"second","source":"two"}\n');
    expect((await iterator.next()).value).toMatchObject({ id: 'second' });
    expect((await iterator.next()).done).toBe(true);
  });
});

describe('long-format files (one row per item and model)', () => {
  it('uniqueWithin scopes the duplicate check; idFrom derives the same id for the same source', async () => {
    const rows = [
      { source: 'article one', output: 'a', model: 'm1' },
      { source: 'article one', output: 'b', model: 'm2' },
      { source: 'article two', output: 'c', model: 'm1' },
    ];
    const f = tmp.file('long.jsonl', rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const { records } = await readAllRecords(f, { required: ['source', 'output'], optional: ['model'], uniqueWithin: 'model', idFrom: ['source'] });
    expect(records).toHaveLength(3);
    expect(records[0]?.id).toBe(records[1]?.id);
    expect(records[2]?.id).not.toBe(records[0]?.id);
    // without the scope the repeated source is a duplicate id
    const err = await rejection(readAllRecords(f, { required: ['source', 'output'], optional: ['model'], idFrom: ['source'] }));
    expect(err.message).toContain('duplicate id');
    // a repeat within one model is still an error
    const g = tmp.file('long-dup.jsonl', [rows[0], rows[0]].map((r) => JSON.stringify(r)).join('\n') + '\n');
    const err2 = await rejection(readAllRecords(g, { required: ['source', 'output'], optional: ['model'], uniqueWithin: 'model', idFrom: ['source'] }));
    expect(err2.message).toMatch(/duplicate id .*first at line 1, again at line 2/);
  });
});
