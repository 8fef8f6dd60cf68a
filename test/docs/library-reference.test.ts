/**
 * The library's public surface is what docs/library.md documents: its "Reference" section names
 * every export of src/index.ts (the package root), and nothing else.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');

/** Every name src/index.ts exports, values and types (through `export *` and `export type *` too). */
function rootExports(): Set<string> {
  const entry = resolve(ROOT, 'src/index.ts');
  const program = ts.createProgram([entry], { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, resolveJsonModule: true, types: ['node'], noEmit: true });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  return new Set(checker.getExportsOfModule(module).map((s) => s.getName()));
}

/** The names in backticks in the Reference section (identifiers only: not paths or code). */
function documented(): Set<string> {
  const text = readFileSync(resolve(ROOT, 'docs/library.md'), 'utf8');
  const start = text.indexOf('## Reference');
  if (start < 0) throw new Error('docs/library.md has no "## Reference" section');
  const next = text.indexOf('\n## ', start + 1);
  const section = text.slice(start, next < 0 ? undefined : next);
  return new Set([...section.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1]!));
}

describe('docs/library.md is the public surface', () => {
  const exported = rootExports();
  const listed = documented();

  it('finds the exports and the list (neither is empty)', () => {
    expect(exported.has('audit')).toBe(true);
    expect(listed.has('audit')).toBe(true);
  });

  it('every export of the package root is in the Reference section of docs/library.md', () => {
    const missing = [...exported].filter((n) => !listed.has(n)).sort();
    expect(missing, 'exported from src/index.ts but not documented: add them to "Reference" in docs/library.md, or stop exporting them').toEqual([]);
  });

  it('every name the Reference section lists is exported', () => {
    const stale = [...listed].filter((n) => !exported.has(n) && n !== 'slant').sort();
    expect(stale, 'listed in docs/library.md but not exported from src/index.ts').toEqual([]);
  });

  it('helpers the modules share are not exported', () => {
    for (const internal of ['checkSchema', 'lookupField', 'csvField', 'compareCodePoints', 'wordStartsInto', 'tieKey', 'warmDistributions', 'isUnreadableAnswer']) expect(exported, internal).not.toContain(internal);
  });
});
