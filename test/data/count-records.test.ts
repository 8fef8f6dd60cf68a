import { join } from 'node:path';
import { parquetWriteFile } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { countRecords, readAllRecords } from '../../src/data/index.js';
import { useTempDir } from './temp-dir.js';

const tmp = useTempDir();

describe('countRecords (a progress bar total)', () => {
  it('JSONL: non-blank lines, with or without a final newline, as many as the reader yields', async () => {
    const f = tmp.file('a.jsonl', '{"id":"1","text":"a"}\n\n  \n{"id":"2","text":"b"}\r\n{"id":"3","text":"c"}');
    expect(await countRecords(f)).toBe(3);
    expect((await readAllRecords(f, { required: ['text'] })).records).toHaveLength(3);
  });

  it('CSV: rows after the header; a newline inside quotes does not end a row; blank lines are not rows', async () => {
    const f = tmp.file('a.csv', 'id,text\n1,"two\nlines"\n\n2,"say ""hi""\n"\n3,plain\n');
    expect(await countRecords(f)).toBe(3);
    expect((await readAllRecords(f, { required: ['text'] })).records).toHaveLength(3);
  });

  it('Parquet: the row count in the metadata', async () => {
    const filename = join(tmp.dir, 'a.parquet');
    parquetWriteFile({ filename, columnData: [{ name: 'text', data: ['a', 'b', 'c', 'd', 'e'], type: 'STRING' }], rowGroupSize: 2 });
    expect(await countRecords(filename)).toBe(5);
  });

  it('JSON, an unknown extension or a missing file: unknown (undefined), never a guess', async () => {
    expect(await countRecords(tmp.file('a.json', '[{"text":"a"}]'))).toBeUndefined();
    expect(await countRecords(tmp.file('a.txt', 'x\n'))).toBeUndefined();
    expect(await countRecords(join(tmp.dir, 'missing.jsonl'))).toBeUndefined();
  });
});
