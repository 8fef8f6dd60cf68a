import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const doc = readFileSync(join(ROOT, 'docs/library.md'), 'utf8');
const blocks = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
const entry = pathToFileURL(join(ROOT, 'src/index.ts')).href;

describe('docs/library.md', () => {
  it('has runnable examples', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
  });

  blocks.forEach((code, i) => {
    it(`example ${i + 1} runs as written (imports of 'slant' resolve to the source)`, async () => {
      expect(code).toContain("from 'slant'");
      const file = join(mkdtempSync(join(tmpdir(), 'slant-doc-')), `example-${i + 1}.ts`);
      writeFileSync(file, code.replaceAll("from 'slant'", `from '${entry}'`));
      const logs: string[] = [];
      const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
        logs.push(args.join(' '));
      });
      try {
        await import(pathToFileURL(file).href);
      } finally {
        spy.mockRestore();
      }
      // every example prints something, and none prints a NaN
      expect(logs.length).toBeGreaterThan(0);
      expect(logs.join('\n')).not.toContain('NaN');
    });
  });
});
