import { join } from 'node:path';
import { parquetWriteFile } from 'hyparquet-writer';
import { describe, expect, it, vi } from 'vitest';
import { readParquetFile } from '../../src/data/index.js';
import { useTempDir } from './temp-dir.js';

// count row-group decodes to show the reader decodes one row group at a time, on demand
const calls: { rowStart?: number; rowEnd?: number }[] = [];
vi.mock('hyparquet', async (importOriginal) => {
  const original = await importOriginal<typeof import('hyparquet')>();
  return {
    ...original,
    parquetReadObjects: (options: Parameters<typeof original.parquetReadObjects>[0]) => {
      calls.push({ rowStart: options.rowStart, rowEnd: options.rowEnd });
      return original.parquetReadObjects(options);
    },
  };
});

const tmp = useTempDir();

describe('Parquet reader row groups', () => {
  it('decodes the next row group only when its rows are wanted', async () => {
    const filename = join(tmp.dir, 'groups.parquet');
    parquetWriteFile({
      filename,
      columnData: [{ name: 'source', data: ['a', 'b', 'c', 'd', 'e', 'f', 'g'], type: 'STRING' }],
      rowGroupSize: 3,
    });
    const rows = readParquetFile(filename);
    await rows.next();
    expect(calls).toEqual([{ rowStart: 0, rowEnd: 3 }]);
    for (let i = 0; i < 3; i++) await rows.next(); // rows 2, 3 and then 4 (second group)
    expect(calls).toEqual([
      { rowStart: 0, rowEnd: 3 },
      { rowStart: 3, rowEnd: 6 },
    ]);
    await rows.return(undefined);
    expect(calls).toHaveLength(2);
  });
});
