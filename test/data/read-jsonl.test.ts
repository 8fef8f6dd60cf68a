import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { readAllRecords, readJsonlStream, type RawItem } from '../../src/data/index.js';
import { bytes, rejection, useTempDir } from './temp-dir.js';

const tmp = useTempDir();
const TEXT = { required: ['source'] };

describe('JSONL reader', () => {
  it('strips a BOM at the start of the file', async () => {
    const f = tmp.file('bom.jsonl', bytes([0xef, 0xbb, 0xbf], '{"id":"a","source":"x"}\n{"id":"b","source":"y"}\n'));
    const { records } = await readAllRecords(f, TEXT);
    expect(records.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('reads CRLF line ends, with correct line numbers', async () => {
    const f = tmp.file('crlf.jsonl', '{"id":"a","source":"x"}\r\n{"id":"b","source":"y\\r\\nz"}\r\n');
    const { records } = await readAllRecords(f, TEXT);
    expect(records.map((r) => [r.id, r.fields.source, r.location.line])).toEqual([
      ['a', 'x', 1],
      ['b', 'y\r\nz', 2],
    ]);
  });

  it('reports invalid UTF-8 with its line instead of replacing bytes', async () => {
    // 0xC3 0x28 is an invalid two-byte sequence
    const f = tmp.file('bad-utf8.jsonl', bytes('{"source":"ok"}\n{"source":"caf', [0xc3, 0x28], '"}\n'));
    const err = await rejection(readAllRecords(f, TEXT));
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).location).toEqual({ file: f, line: 2 });
    expect(err.message).toContain('invalid UTF-8 on line 2');
  });

  it('calls a last line cut off mid-JSON incomplete', async () => {
    const f = tmp.file('truncated.jsonl', '{"source":"one"}\n{"source":"two"}\n{"source":"thr');
    const err = await rejection(readAllRecords(f, TEXT));
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toContain('line 3 is incomplete (file ends mid-record)');
  });

  it('accepts a complete last line without a trailing newline', async () => {
    const f = tmp.file('no-final-newline.jsonl', '{"source":"one"}\n{"source":"two"}');
    const { records } = await readAllRecords(f, TEXT);
    expect(records.map((r) => r.fields.source)).toEqual(['one', 'two']);
  });

  it('names the line and the JSON error of a malformed line', async () => {
    const f = tmp.file('malformed.jsonl', '{"source":"one"}\n{"source": "two",}\n{"source":"three"}\n');
    const err = await rejection(readAllRecords(f, TEXT));
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).location.line).toBe(2);
    expect(err.message).toMatch(/malformed JSON on line 2: .*JSON/);
  });

  it('rejects a line that is not an object', async () => {
    const f = tmp.file('array-line.jsonl', '["source","x"]\n');
    const err = await rejection(readAllRecords(f, TEXT));
    expect(err.message).toContain('line 1 holds an array; expected a JSON object');
  });

  it('skips blank lines silently, keeping physical line numbers', async () => {
    const f = tmp.file('blank.jsonl', '\n{"source":"a"}\n   \n\r\n{"source":"b"}\n\n');
    const { records, stats } = await readAllRecords(f, TEXT);
    expect(records.map((r) => r.location.line)).toEqual([2, 5]);
    expect(stats).toEqual({ read: 2, accepted: 2, skipped: 0, problems: [] });
  });

  it('keeps UTF-8 characters split across read chunks intact', async () => {
    // a long line pushes multi-byte characters across the 1 MiB chunk boundary
    const long = 'é'.repeat(700_000);
    const f = tmp.file('split.jsonl', `{"source":"${long}"}\n{"source":"ü"}\n`);
    const { records } = await readAllRecords(f, TEXT);
    expect(records[0]?.fields.source).toBe(long);
    expect(records[1]?.fields.source).toBe('ü');
  });

  it('yields the first record before the input ends (streaming)', async () => {
    // a source that sends one line and then never ends until we release it: a reader that
    // loaded the whole input first would hang here
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let finishedSource = false;
    async function* source(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('{"source":"first"}\n{"source":"sec');
      await gate;
      yield Buffer.from('ond"}\n');
      finishedSource = true;
    }
    const it = readJsonlStream(source(), 'stream.jsonl');
    const first = await it.next();
    expect(finishedSource).toBe(false);
    expect(first.value).toEqual({ kind: 'row', value: { source: 'first' }, location: { file: 'stream.jsonl', line: 1 } } satisfies RawItem);
    release();
    const second = await it.next();
    expect((second.value as RawItem & { kind: 'row' }).value).toEqual({ source: 'second' });
    expect((await it.next()).done).toBe(true);
    expect(finishedSource).toBe(true);
  });
});

describe('JSONL reader over chunked input', () => {
  it('strips a BOM split across chunks and joins lines split across chunks', async () => {
    const whole = bytes([0xef, 0xbb, 0xbf], '{"source":"a"}\r\n{"source":"b"}\n');
    async function* oneByteAtATime(): AsyncGenerator<Uint8Array> {
      for (const b of whole) yield Uint8Array.of(b);
    }
    const rows: unknown[] = [];
    for await (const item of readJsonlStream(oneByteAtATime(), 'chunks.jsonl')) rows.push(item.kind === 'row' ? item.value : item.message);
    expect(rows).toEqual([{ source: 'a' }, { source: 'b' }]);
  });
});
