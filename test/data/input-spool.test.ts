/**
 * Inputs that can be read once (a pipe, a process substitution, /dev/stdin fed by a pipe, a device):
 * the progress count leaves them alone, and every pass over them gets every record.
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { countRecords, readAllRecords, readRecords, type InputFormat } from '../../src/data/index.js';
import { rejection, useTempDir } from './temp-dir.js';

const tmp = useTempDir();
let fifos = 0;

/** A named pipe that `content` is written into (and then closed) once a reader opens it. */
function pipeOf(content: string | Uint8Array, ext = 'jsonl'): string {
  const fifo = join(tmp.dir, `in-${fifos++}.${ext}`);
  execFileSync('mkfifo', [fifo]);
  createWriteStream(fifo).end(content);
  return fifo;
}

const JSONL = ['a', 'b', 'c'].map((id) => JSON.stringify({ id, source: `text ${id}` })).join('\n') + '\n';

describe('a pipe as input', () => {
  it('is not counted ahead (the count would read the records away); the reader then gets all of them', async () => {
    const fifo = pipeOf(JSONL);
    expect(await countRecords(fifo)).toBeUndefined();
    const { records } = await readAllRecords(fifo, { required: ['source'] });
    expect(records.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('a second pass gets the same records as the first (the stream is read once)', async () => {
    const reader = readRecords(pipeOf(JSONL), { required: ['source'] });
    const passes: string[][] = [];
    for (let i = 0; i < 3; i++) {
      const ids: string[] = [];
      for await (const r of reader) ids.push(r.id);
      passes.push(ids);
    }
    expect(passes).toEqual([['a', 'b', 'c'], ['a', 'b', 'c'], ['a', 'b', 'c']]);
  });

  it('a pass that stops early, then a whole pass: the rest comes from the stream', async () => {
    const fifo = pipeOf(JSONL);
    const first = await readAllRecords(fifo, { required: ['source'], limit: 1 });
    expect(first.records.map((r) => r.id)).toEqual(['a']);
    const all = await readAllRecords(fifo, { required: ['source'] });
    expect(all.records.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it.each<[InputFormat, string]>([
    ['csv', 'id,source\na,text a\nb,"two\nlines"\n'],
    ['tsv', 'id\tsource\na\ttext a\nb\ttext b\n'],
    ['json', JSON.stringify([{ id: 'a', source: 'text a' }, { id: 'b', source: 'text b' }])],
  ])('%s from a pipe, twice', async (format, content) => {
    const reader = readRecords(pipeOf(content, format), { required: ['source'] });
    for (let i = 0; i < 2; i++) {
      const ids: string[] = [];
      for await (const r of reader) ids.push(r.id);
      expect(ids).toEqual(['a', 'b']);
    }
  });

  it('parquet from a pipe (its footer is at the end: the stream is spooled whole first)', async () => {
    const buffer = parquetWriteBuffer({ columnData: [{ name: 'source', data: ['one', 'two', 'three'], type: 'STRING' }] });
    const { records } = await readAllRecords(pipeOf(new Uint8Array(buffer), 'parquet'), { required: ['source'] });
    expect(records.map((r) => r.fields.source)).toEqual(['one', 'two', 'three']);
  });
});

describe('an endless device', () => {
  it('/dev/zero: no count (it would never end); the reader stops at the record size limit with a located error', async () => {
    expect(await countRecords('/dev/zero', 'jsonl')).toBeUndefined();
    const err = await rejection(readAllRecords('/dev/zero', { format: 'jsonl', required: ['source'], maxRecordBytes: 4096 }));
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toMatch(/line 1 is longer than the maximum record size \(4 KiB\)/);
  });
});
