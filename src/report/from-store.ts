import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunReader } from '../runtime/run-store.js';
import { asRunStore, type AnyStore } from '../runtime/sqlite-run-store.js';
import { RESULTS_SCHEMA_ID, resultsSchema, type GroupResultJson, type ProbeResult, type Results } from '../results/schema.js';
import { SLANT_VERSION } from '../version.js';

/**
 * A run's results for the viewer, items dropped (the viewer reads them from the store page by
 * page): the results the run stored (what its results.json was written from, without the items,
 * which stay in their cells), else its results.json when the reports folder has a valid one (a
 * run from before results were stored), else rebuilt from the store's per-cell results (no
 * cross-group summary then). The stored results come first because results.json lists every item:
 * read and parsed whole, it was most of the viewer's memory on a large run (74 MB of text at
 * 100,000 documents, several times that parsed).
 */
export async function runResults(anyStore: AnyStore<RunReader>, runId: string, reportsDir?: string): Promise<Results | undefined> {
  const store = asRunStore(anyStore);
  const run = await store.getRun(runId);
  if (!run) return undefined;
  const stored = await store.getRunResults(runId);
  if (stored !== undefined) {
    const parsed = resultsSchema.safeParse(stored);
    // checked, but used as stored (a list kept in the store stays a reference to its rows)
    if (parsed.success) return withoutItems(stored as Results);
  }
  const file = reportsDir ? join(reportsDir, runId, 'results.json') : undefined;
  if (file && existsSync(file)) {
    try {
      const parsed = resultsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (parsed.success) return withoutItems(parsed.data);
    } catch {
      // fall through to the store
    }
  }
  const cells = new Map((await store.listCells(runId)).map((c) => [c.key, c]));
  const probes = new Map<string, ProbeResult>();
  for (const { cellKey, result } of await store.getResults(runId)) {
    const cell = cells.get(cellKey);
    if (!cell) continue;
    const g = result as GroupResultJson;
    const p = probes.get(cell.probe) ?? { probe: cell.probe, options: (cell.options ?? {}) as Record<string, unknown>, judges: [], groups: [], items: [] };
    p.groups.push({ ...g, labels: { model: cell.model, dataset: cell.dataset, ...(g.labels ?? {}) } });
    probes.set(cell.probe, p);
  }
  const models = [...new Set([...cells.values()].map((c) => c.model))];
  const datasets = [...new Set([...cells.values()].map((c) => c.dataset))];
  return {
    schema: RESULTS_SCHEMA_ID,
    slant: { version: SLANT_VERSION },
    run: { id: run.id, command: run.label ?? '', createdAt: run.createdAt, finishedAt: run.updatedAt, status: run.status === 'running' ? 'interrupted' : run.status },
    models: models.map((id) => ({ id, version: '' })),
    datasets: datasets.map((name) => ({ name, n: 0, skipped: 0 })),
    probes: [...probes.values()],
    warnings: [],
  };
}

const withoutItems = (r: Results): Results => ({ ...r, probes: r.probes.map((p) => ({ ...p, items: [] })) });
