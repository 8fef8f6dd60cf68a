import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeJsonl } from '../../src/data/index.js';
import { useTempDir } from './temp-dir.js';

const tmp = useTempDir();

describe('writeJsonl', () => {
  it('writes one JSON value per line with a final newline, creating parent directories', async () => {
    const path = join(tmp.dir, 'a', 'b', 'out.jsonl');
    const n = await writeJsonl(path, [{ id: 'x', text: 'line\nbreak é' }, { n: 10n }]);
    expect(n).toBe(2);
    expect(readFileSync(path, 'utf8')).toBe('{"id":"x","text":"line\\nbreak é"}\n{"n":"10"}\n');
  });

  it('streams rows from an async iterable', async () => {
    const path = join(tmp.dir, 'stream.jsonl');
    async function* rows(): AsyncGenerator<{ i: number }> {
      for (let i = 0; i < 1000; i++) yield { i };
    }
    expect(await writeJsonl(path, rows())).toBe(1000);
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(1000);
    expect(lines[999]).toBe('{"i":999}');
  });

  it('refuses a value that has no JSON form', async () => {
    await expect(writeJsonl(join(tmp.dir, 'bad.jsonl'), [undefined])).rejects.toThrow('row 1 cannot be written as JSON');
  });
});
