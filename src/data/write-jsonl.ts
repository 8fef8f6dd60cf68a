import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { once } from 'node:events';
import { dirname } from 'node:path';
import { finished } from 'node:stream/promises';

/**
 * Writes rows as JSON Lines ("\n" after every row, UTF-8, no BOM), streaming: rows may come from
 * an async iterable and are written as they arrive, respecting backpressure. Creates parent
 * directories. Values are serialised with JSON.stringify (bigint as a decimal string). Returns the
 * number of rows written.
 */
export async function writeJsonl(path: string, rows: Iterable<unknown> | AsyncIterable<unknown>): Promise<number> {
  await mkdir(dirname(path), { recursive: true });
  const out = createWriteStream(path, { encoding: 'utf8' });
  let count = 0;
  try {
    for await (const row of rows) {
      const line = JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
      if (line === undefined) throw new TypeError(`row ${count + 1} cannot be written as JSON (${typeof row})`);
      if (!out.write(`${line}\n`)) await once(out, 'drain');
      count += 1;
    }
    out.end();
    await finished(out);
  } catch (err) {
    out.destroy();
    throw err;
  }
  return count;
}
