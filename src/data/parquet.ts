import { importOptional } from '../core/optional-package.js';
import type { RawItem } from './types.js';

/**
 * Reads a Parquet file's rows as raw items (src/data/read-parquet.ts), loading the reader and its
 * packages (hyparquet, hyparquet-compressors: optional) on the first read, so importing slant
 * needs neither; without them the read fails with the line that installs them.
 */
export async function* readParquetFile(file: string): AsyncGenerator<RawItem> {
  yield* (await importOptional('parquet', () => import('./read-parquet.js'))).readParquetFile(file);
}
