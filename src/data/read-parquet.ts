import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects, type FileMetaData } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { InputError } from '../core/errors.js';
import { isRereadable, readProblem } from './open-file.js';
import { spooledFile } from './input-spool.js';
import type { RawItem } from './types.js';
import { decodeUtf8 } from './utf8.js';

/** Marks a string column value whose bytes were not valid UTF-8 (hyparquet would replace them). */
export class InvalidUtf8Value {
  constructor(readonly bytes: Uint8Array) {}
}

const parsers = {
  stringFromBytes: (bytes: Uint8Array): string | InvalidUtf8Value | undefined => {
    if (bytes === undefined || bytes === null) return bytes;
    return decodeUtf8(bytes) ?? new InvalidUtf8Value(bytes);
  },
};

/**
 * Reads a Parquet file with hyparquet (pure JS), one row group at a time: the footer is read first,
 * then each row group is decoded and its rows yielded before the next is read, so memory is bounded
 * by the largest row group. Codecs: SNAPPY built in; GZIP, BROTLI, ZSTD, LZ4 via hyparquet-compressors.
 * Values are normalised to JSON-friendly ones: 64-bit integers become numbers when they are safe
 * integers and decimal strings otherwise. Locations are `row` (1-based).
 */
export async function* readParquetFile(file: string): AsyncGenerator<RawItem> {
  // the footer is at the end: a once-only input (a pipe) is read whole into the spool first
  const path = (await isRereadable(file)) ? file : await spooledFile(file).catch((err: unknown) => {
    throw readProblem(err, file);
  });
  const buffer = await asyncBufferFromFile(path).catch((err: unknown) => {
    throw readProblem(err, file);
  });
  let metadata: FileMetaData;
  try {
    metadata = await parquetMetadataAsync(buffer, { parsers });
  } catch (err) {
    throw new InputError({ file }, `not a readable Parquet file: its footer (the metadata at the end of the file) is damaged or cut off${parquetDetail(err)}`, {
      cause: err,
      hint: 'write the file again, or convert it to JSONL/CSV',
    });
  }
  let groupStart = 0;
  for (const group of metadata.row_groups) {
    const rowCount = Number(group.num_rows);
    let rows: Record<string, unknown>[];
    try {
      rows = await parquetReadObjects({
        file: buffer,
        metadata,
        rowStart: groupStart,
        rowEnd: groupStart + rowCount,
        parsers,
        compressors,
      });
    } catch (err) {
      throw new InputError(
        { file, row: groupStart + 1 },
        `the row group starting at row ${groupStart + 1} is damaged and cannot be decoded${parquetDetail(err)}`,
        { cause: err },
      );
    }
    for (let i = 0; i < rows.length; i++) {
      const location = { file, row: groupStart + i + 1 };
      const raw = rows[i] ?? {};
      const bad = findInvalidUtf8(raw);
      if (bad !== undefined) {
        yield { kind: 'problem', location: { ...location, field: bad }, message: `invalid UTF-8 in column "${bad}" of row ${location.row}; expected UTF-8 text` };
        continue;
      }
      yield { kind: 'row', value: normalise(raw) as Record<string, unknown>, location };
    }
    groupStart += rowCount;
  }
}

function findInvalidUtf8(value: unknown, path = ''): string | undefined {
  if (value instanceof InvalidUtf8Value) return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findInvalidUtf8(value[i], `${path}[${i}]`);
      if (found !== undefined) return found;
    }
  } else if (isRecord(value)) {
    for (const [k, v] of Object.entries(value)) {
      const found = findInvalidUtf8(v, path === '' ? k : `${path}.${k}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function normalise(value: unknown): unknown {
  if (typeof value === 'bigint') {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : value.toString();
  }
  if (Array.isArray(value)) return value.map(normalise);
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = normalise(v);
    return out;
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date) && !ArrayBuffer.isView(value);
}

/**
 * The reader's own reason, when it is one ("thrift struct ended without STOP"); a JavaScript error
 * from inside the decoder (reading a property of undefined, an invalid array length) says nothing
 * to a user and is left out.
 */
function parquetDetail(err: unknown): string {
  if (!(err instanceof Error) || err instanceof TypeError || err instanceof RangeError) return '';
  return ` (${err.message})`;
}
