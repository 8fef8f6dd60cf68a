import { readFile } from 'node:fs/promises';
import { InputError, UserError } from '../core/errors.js';
import { describeJson, isPlainObject } from './read-jsonl.js';
import { fileChunks, statInput, readProblem } from './open-file.js';
import type { RawItem } from './types.js';
import { decodeUtf8, invalidUtf8Message } from './utf8.js';

/** Largest .json file read (it is parsed whole); larger data belongs in JSONL. */
export const MAX_JSON_BYTES = 256 * 1024 * 1024;

/**
 * Reads a .json file. NOT streaming: the whole document is loaded and parsed, so use it for small
 * files only (up to MAX_JSON_BYTES); convert large data to JSONL. Two shapes are accepted:
 *  - an array of objects: locations are `row` (1-based array position);
 *  - an object of objects keyed by id (e.g. SummEval): each value is a record, its key is offered
 *    as the record id, locations are `row` (1-based position among the keys).
 */
export async function* readJsonFile(file: string): AsyncGenerator<RawItem> {
  const st = await statInput(file);
  const tooLarge = (size?: number): UserError =>
    new UserError(`${file} is ${size === undefined ? 'over' : Math.round(size / (1024 * 1024))} MB; .json files are loaded whole and the limit is ${MAX_JSON_BYTES / (1024 * 1024)} MB`, {
      hint: 'convert it to JSON Lines (one object per line, .jsonl), which is read as a stream',
    });
  if (st.size > MAX_JSON_BYTES) throw tooLarge(st.size);
  const bytes = st.isFile()
    ? await readFile(file).catch((err: unknown) => {
        throw readProblem(err, file);
      })
    : await readStream(file, tooLarge);
  const body = hasBom(bytes) ? bytes.subarray(3) : bytes;
  const text = decodeUtf8(body);
  if (text === undefined) {
    const line = firstInvalidLine(body);
    throw new InputError({ file, line }, invalidUtf8Message(line));
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const pos = /position (\d+)/.exec(message);
    const line = pos?.[1] !== undefined ? lineAt(text, Number(pos[1])) : undefined;
    throw new InputError(line === undefined ? { file } : { file, line }, `malformed JSON: ${message}`);
  }
  if (Array.isArray(doc)) {
    for (let i = 0; i < doc.length; i++) {
      const value: unknown = doc[i];
      const location = { file, row: i + 1 };
      if (isPlainObject(value)) yield { kind: 'row', value, location };
      else yield { kind: 'problem', location, message: `array element ${i + 1} is ${describeJson(value)}; expected an object` };
    }
    return;
  }
  if (isPlainObject(doc)) {
    let row = 0;
    for (const [key, value] of Object.entries(doc)) {
      row += 1;
      const location = { file, row };
      if (isPlainObject(value)) yield { kind: 'row', value, location, key };
      else yield { kind: 'problem', location, message: `the value under key "${key}" is ${describeJson(value)}; expected an object` };
    }
    return;
  }
  throw new InputError({ file }, `the document is ${describeJson(doc)}; expected an array of objects or an object of objects keyed by id`);
}

/** A once-only input (a pipe) read whole, up to MAX_JSON_BYTES. */
async function readStream(file: string, tooLarge: (size?: number) => UserError): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  let n = 0;
  for await (const chunk of fileChunks(file)) {
    n += chunk.length;
    if (n > MAX_JSON_BYTES) throw tooLarge();
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

function hasBom(b: Uint8Array): boolean {
  return b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}

function firstInvalidLine(bytes: Uint8Array): number {
  let line = 1;
  let start = 0;
  for (;;) {
    const nl = bytes.indexOf(0x0a, start);
    const end = nl === -1 ? bytes.length : nl;
    if (decodeUtf8(bytes.subarray(start, end)) === undefined || nl === -1) return line;
    line += 1;
    start = nl + 1;
  }
}
