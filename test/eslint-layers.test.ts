/** The layer map in eslint.config.js ("Layers" in docs/architecture.md) rejects imports that go up or sideways. */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(file: string, spec: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import type { X } from '${spec}';\nexport type Y = X;\n`, { filePath: file });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer lint rule', () => {
  it.each([
    ['src/text/vector.ts', '../judges/types.js'],
    ['src/core/errors.ts', '../stats/mean.js'],
    ['src/models/http.ts', '../probes/types.js'],
    ['src/runtime/store.ts', '../judges/types.js'],
    ['src/data/utf8.ts', '../config/schema.js'],
    ['src/pipeline/run.ts', '../report/html.js'],
    ['src/report/html.ts', '../viewer/server.js'],
    ['src/results/schema.ts', '../config/schema.js'],
    ['src/probes/certainty/deep/x.ts', '../../../pipeline/run.js'],
    ['src/judges/framing/x.ts', '../../cli/main.js'],
    ['src/pipeline/run.ts', '../viewer/server.js'],
    ['src/viewer/server.ts', '../cli/main.js'],
    ['src/config/schema.ts', '../pipeline/plan.js'],
  ])('%s may not import %s', async (file, spec) => {
    expect(await layerErrors(file, spec)).toEqual([expect.stringMatching(/ layers: src\//)]);
  });

  it.each([
    ['src/models/http.ts', '../runtime/scheduler.js'],
    ['src/runtime/model-context.ts', '../models/types.js'],
    ['src/probes/certainty/index.ts', '../../judges/types.js'],
    ['src/probes/types.ts', '../results/schema.js'],
    ['src/tasks/summarize-task.ts', '../mitigations/types.js'],
    ['src/config/schema.ts', '../probes/registry.js'],
    ['src/report/items/store-items.ts', '../../pipeline/execute.js'],
    ['src/viewer/server.ts', '../report/html.js'],
    ['src/cli/commands/run.ts', '../../viewer/server.js'],
    ['src/text/vector.ts', '../core/types.js'],
    ['src/judges/framing/x.ts', './certainty/y.js'],
  ])('%s may import %s', async (file, spec) => {
    expect(await layerErrors(file, spec)).toEqual([]);
  });
});
