/**
 * docs/extending.md's examples are the tested ones: each code excerpt is word for word in the file
 * its section links, the configs test/plugins/example-plugins.test.ts runs name every such file,
 * and the audit() example runs as written.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const doc = readFileSync(join(ROOT, 'docs/extending.md'), 'utf8');
const PLUGINS = join(ROOT, 'examples/plugins');
/** the configs the example-plugins test runs */
const CONFIGS = ['slant.yaml', 'paragraphs.yaml'].map((f) => readFileSync(join(PLUGINS, f), 'utf8'));
const blocks = (text: string, lang: string): string[] => [...text.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1] ?? '');

/** The page's sections that link an example file: its name and the section's text. */
const sections = doc
  .split(/^## /m)
  .slice(1)
  .map((text) => ({ title: text.split('\n')[0] ?? '', file: /\(\.\.\/examples\/plugins\/([a-z-]+\.js)\)/.exec(text.split('\n')[0] ?? '')?.[1], text }))
  .filter((s): s is { title: string; file: string; text: string } => s.file !== undefined);

describe('docs/extending.md', () => {
  it('has a worked example of each kind: probe, provider, judge, mitigation, dataset format', () => {
    expect(sections.map((s) => s.title.split(':')[0])).toEqual(['A probe', 'A provider', 'A judge', 'A mitigation', 'A dataset format']);
  });

  for (const s of sections) {
    it(`${s.title}: its excerpts are in ${s.file}, which a tested config loads`, () => {
      const file = join(PLUGINS, s.file);
      expect(existsSync(file)).toBe(true);
      const code = readFileSync(file, 'utf8');
      const excerpts = blocks(s.text, 'js');
      expect(excerpts.length).toBeGreaterThan(0);
      for (const e of excerpts) expect(code).toContain(e);
      expect(CONFIGS.some((c) => new RegExp(`plugins: \\[[^\\]]*\\./${s.file.replace('.', '\\.')}`).test(c))).toBe(true);
    });
  }

  it('every slant.yaml excerpt is in a tested config', () => {
    const yaml = blocks(doc, 'yaml').filter((b) => b.startsWith('plugins: [./'));
    expect(yaml.length).toBeGreaterThanOrEqual(2);
    for (const y of yaml) expect(CONFIGS.some((c) => c.includes(y))).toBe(true);
  });

  it('the audit() example runs as written: a function model under the baseline and a mitigation', async () => {
    const [code] = blocks(doc, 'ts');
    expect(code).toContain("from 'slant'");
    const file = join(mkdtempSync(join(tmpdir(), 'slant-extending-')), 'audit.ts');
    writeFileSync(file, code!.replaceAll("from 'slant'", `from '${pathToFileURL(join(ROOT, 'src/index.ts')).href}'`));
    const logs: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      logs.push(args.join(' '));
    });
    try {
      await import(pathToFileURL(file).href);
    } finally {
      spy.mockRestore();
    }
    expect(logs).toEqual(['framing baseline: n = 2, self-awareness: n = 2', 'primacy baseline: n = 2, self-awareness: n = 2']);
  });
});
