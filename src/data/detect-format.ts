import { extname } from 'node:path';
import { UserError } from '../core/errors.js';
import type { InputFormat } from './types.js';

/** Extension (lower case, with dot) -> format. */
const EXTENSIONS: Record<string, InputFormat> = {
  '.jsonl': 'jsonl',
  '.ndjson': 'jsonl',
  '.csv': 'csv',
  '.tsv': 'tsv',
  '.parquet': 'parquet',
  '.json': 'json',
};

export const INPUT_FORMATS: readonly InputFormat[] = ['jsonl', 'csv', 'tsv', 'parquet', 'json'];

/** The input format named by a file's extension; UserError listing the supported ones otherwise. */
export function detectFormat(file: string): InputFormat {
  const ext = extname(file).toLowerCase();
  const format = EXTENSIONS[ext];
  if (format === undefined) {
    const supported = Object.keys(EXTENSIONS).join(', ');
    throw new UserError(
      `cannot tell the format of ${file} from its extension${ext === '' ? '' : ` "${ext}"`}; supported extensions: ${supported}`,
      { hint: `rename the file or pass the format explicitly (one of ${INPUT_FORMATS.join(', ')})` },
    );
  }
  return format;
}

export function isInputFormat(value: string): value is InputFormat {
  return (INPUT_FORMATS as readonly string[]).includes(value);
}
