import { openTextWriter } from './text-writer.js';

/**
 * Writes rows as JSON Lines ("\n" after every row, UTF-8, no BOM), streaming: rows may come from
 * an async iterable and are written as they arrive, respecting backpressure. Creates parent
 * directories. Values are serialised with JSON.stringify (bigint as a decimal string). Returns the
 * number of rows written.
 */
export async function writeJsonl(path: string, rows: Iterable<unknown> | AsyncIterable<unknown>): Promise<number> {
  const out = await openTextWriter(path);
  let count = 0;
  try {
    for await (const row of rows) {
      const line = JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
      if (line === undefined) throw new TypeError(`row ${count + 1} cannot be written as JSON (${typeof row})`);
      await out.write(`${line}\n`);
      count += 1;
    }
    await out.close();
  } catch (err) {
    await out.abort();
    throw err;
  }
  return count;
}
