/**
 * What `slant run` loads before its first request: the static imports reachable from the modules
 * on that path. The report (vega, ~270 modules), the distributions behind intervals, the CSV and
 * Parquet readers and the 40 mitigation modules load later (on first use, or while the run waits
 * on its models: src/cli/execute-run.ts), so none of them may come back as a static import here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '../../src');

/** Static (value) imports of a TypeScript module: `import type` and dynamic `import()` are not followed. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) out.push(m[1]!);
  return out;
}

/** Every module and package reachable through static imports from `entries` (src-relative paths). */
function reachable(entries: string[]): { modules: Set<string>; packages: Set<string> } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const queue = entries.map((e) => join(SRC, e));
  while (queue.length > 0) {
    const file = queue.pop()!;
    const rel = relative(SRC, file);
    if (modules.has(rel)) continue;
    modules.add(rel);
    for (const spec of staticImports(file)) {
      if (spec.startsWith('.')) {
        const ts = resolve(dirname(file), spec).replace(/\.js$/, '.ts');
        if (existsSync(ts)) queue.push(ts);
      } else if (!spec.startsWith('node:')) {
        packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
      }
    }
  }
  return { modules, packages };
}

describe('slant run before its first request', () => {
  // the modules `slant run` imports on its way to the first request (src/cli/commands/run.ts loads them)
  const { modules, packages } = reachable(['cli/bin.ts', 'cli/commands/run.ts', 'cli/run-spec.ts', 'config/load.ts', 'pipeline/plan.ts', 'pipeline/plan-conditions.ts', 'probes/primacy/index.ts', 'models/openai-compatible/index.ts']);

  it('reaches the modules it needs (the walk is not empty)', () => {
    expect(modules.has('pipeline/execute.ts')).toBe(true);
    expect(modules.has('cli/execute-run.ts')).toBe(true);
    expect(modules.has('models/http.ts')).toBe(true);
    expect(packages.has('yaml')).toBe(true);
  });

  it('loads undici on the first request, not before (a run that sends nothing, such as slant measure, never needs it)', () => {
    expect(packages).not.toContain('undici');
  });

  it('does not statically import the report, the @stdlib distributions, the CSV/Parquet readers or the mitigation registry', () => {
    for (const p of ['vega', 'vega-lite', 'hyparquet', 'hyparquet-compressors', 'csv-parse', 'cli-table3']) expect(packages, p).not.toContain(p);
    expect([...packages].filter((p) => p.startsWith('@stdlib/'))).toEqual([]);
    for (const m of ['report/write.ts', 'report/html.ts', 'report/terminal.ts', 'mitigations/registry.ts', 'data/read-parquet.ts', 'data/read-csv.ts', 'data/index.ts']) expect(modules, m).not.toContain(m);
  });
});

describe('slant measure and slant validate before their first item', () => {
  it('do not build the config schema: they read no config, and check --format against plain names', () => {
    const measure = reachable(['cli/bin.ts', 'cli/commands/measure.ts', 'cli/run-spec.ts', 'pipeline/plan.ts', 'probes/framing/index.ts', 'probes/primacy/index.ts']);
    expect(measure.modules.has('cli/execute-run.ts')).toBe(true);
    expect(measure.modules.has('config/formats.ts')).toBe(true);
    for (const m of ['config/schema.ts', 'cli/stored-spec.ts', 'config/load.ts']) expect(measure.modules, m).not.toContain(m);
    const validate = reachable(['cli/commands/validate.ts', 'cli/commands/validate-verdict.ts', 'cli/commands/validate-embedder.ts']);
    expect(validate.modules.has('config/formats.ts')).toBe(true);
    expect(validate.modules).not.toContain('config/schema.ts');
  });
});
