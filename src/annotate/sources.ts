/**
 * Where a study's items come from: a file (CSV, JSONL, JSON, Parquet; one item per record) or a
 * run in the store (its outputs and its judges' answers, with the sources re-read from the run's
 * datasets).
 */
import { resolve } from 'node:path';
import { InputError, UserError } from '../core/errors.js';
import { readRecords } from '../data/index.js';
import { planProbes, probeFields, runFields } from '../pipeline/plan.js';
import { datasetSource, type DatasetSource } from '../pipeline/datasets.js';
import { outputKeyParts } from '../pipeline/store-keys.js';
import { INVALID_ANSWER, scaleAnswer, type StudyItemInput } from '../probes/annotation.js';
import { exclusiveFormat } from '../probes/manifests.js';
import type { DatasetEntry, SlantConfig } from '../config/schema.js';
import type { RunReader } from '../runtime/run-store.js';
import { asRunStore, type AnyStore } from '../runtime/sqlite-run-store.js';
import { kindText, scaleValues, type StudyKind } from './scale.js';
import type { ItemInput } from './study-store.js';

export interface FileSourceOptions {
  /** canonical field → column (the kind's fields: certainty original, rewrite; framing / wildframe text) */
  fields?: Record<string, string>;
  /** columns holding judges' answers (canonical; the column name is the judge id) */
  judges?: string[];
  /** column with a gold answer: such items are shown to every annotator and scored, not analysed */
  gold?: string;
  limit?: number;
}

/** A judge's answer as stored on the study's scale, or undefined for "no usable answer" (empty, inconsistent, invalid). */
export function judgeAnswer(kind: StudyKind, raw: unknown): string | undefined {
  return scaleAnswer(kindText(kind), raw);
}

export async function itemsFromFile(path: string, kind: StudyKind, opts: FileSourceOptions = {}): Promise<ItemInput[]> {
  const scale = kindText(kind);
  const required = scale.fields;
  const optional = [...(opts.judges ?? []), ...(opts.gold ? [opts.gold] : []), 'model', 'target'];
  const fields: Record<string, string> = { ...(opts.fields ?? {}) };
  for (const j of opts.judges ?? []) fields[j] ??= j;
  if (opts.gold) fields[opts.gold] ??= opts.gold;
  const items: ItemInput[] = [];
  const reader = readRecords(path, { fields, required, optional, idFrom: required, ...(opts.limit ? { limit: opts.limit } : {}) });
  for await (const r of reader) {
    const content: Record<string, string> = {};
    for (const f of required) content[f] = String(r.fields[f]);
    for (const f of ['model', 'target']) if (r.fields[f] !== undefined && r.fields[f] !== null) content[f] = String(r.fields[f]);
    const judges: Record<string, string> = {};
    for (const j of opts.judges ?? []) {
      const v = judgeAnswer(kind, r.fields[j]);
      if (v === INVALID_ANSWER) throw new InputError({ ...r.location, field: j }, `judge answer ${JSON.stringify(r.fields[j])} is not on the ${kind} scale (${scale.answerHint ?? scaleValues(kind).join(', ')}; empty or "inconsistent" for none)`);
      if (v !== undefined) judges[j] = v;
    }
    const item: ItemInput = { id: r.id, role: 'task', content, judges };
    if (opts.gold) {
      const g = judgeAnswer(kind, r.fields[opts.gold]);
      if (g === INVALID_ANSWER) throw new InputError({ ...r.location, field: opts.gold }, `gold answer ${JSON.stringify(r.fields[opts.gold])} is not on the ${kind} scale`);
      if (g !== undefined) {
        item.role = 'gold';
        item.expected = [g];
      }
    }
    items.push(item);
  }
  if (items.length === 0) throw new UserError(`${path}: no records`);
  return items;
}

export interface RunSourceOptions {
  /** framing: annotate the sources, the outputs, or both (default output) */
  target?: 'source' | 'output' | 'both';
  limit?: number;
}

/** What a run stored as its plan (the CLI's stored spec, parsed by the caller). */
export type RunSpec =
  | { kind: 'run'; baseDir: string; config: Pick<SlantConfig, 'probes' | 'datasets' | 'judges'> }
  | { kind: 'measure'; baseDir: string; probes: SlantConfig['probes']; dataset: DatasetEntry; judges: SlantConfig['judges'] };

/** Items from a stored run: each measured record of the kind's probe made into study items by the kind's code, with the run's judge answers. */
export async function itemsFromRun(anyStore: AnyStore<RunReader>, runId: string, spec: RunSpec, kind: StudyKind, opts: RunSourceOptions = {}): Promise<ItemInput[]> {
  const store = asRunStore(anyStore);
  const scale = kindText(kind);
  const code = await scale.load?.();
  if (code?.fromRun === undefined) throw new UserError(`a ${kind} study cannot be made from a run: the probe names no items of a run`, { hint: 'give the items with --input <file>' });
  const probeName = kind;
  const cells = (await store.listCells(runId)).filter((c) => c.probe === probeName);
  if (cells.length === 0) throw new UserError(`run ${runId} has no ${probeName} measurements`, { hint: `run the ${probeName} probe first` });
  const probes = await planProbes(spec.kind === 'run' ? spec.config.probes : spec.probes);
  let sources: DatasetSource[];
  const own = exclusiveFormat(probeName);
  if (spec.kind === 'run') {
    const f = runFields(probes);
    sources = spec.config.datasets.map((d) => datasetSource(d, { ...f, baseDir: spec.baseDir }));
  } else if (own?.onlyFor) {
    // a probe whose records only its own format carries (the WildFrame release) is read by that format
    const file = resolve(spec.baseDir, spec.dataset.path ?? '');
    sources = [own.read(spec.dataset, file, spec.dataset.humans ? resolve(spec.baseDir, spec.dataset.humans) : undefined, {})];
  } else {
    const { required, optional } = probeFields(probes);
    sources = [datasetSource(spec.dataset, { required, optional, baseDir: spec.baseDir, uniqueWithin: 'model', idFrom: required.filter((f) => f !== 'output') })];
  }
  const judgesCfg = (spec.kind === 'run' ? spec.config.judges : spec.judges) as Record<string, unknown>;
  // stored generations: key "model|dataset" (summaries) or "model|dataset|probe:..." (probe tasks)
  const outputs = new Map<string, Record<string, unknown>>();
  for (const r of await store.listRunOutputs(runId)) {
    const { model, dataset, generation } = outputKeyParts(r.cellKey);
    const tag = generation === undefined ? 'summary' : generation.split(':')[0];
    outputs.set(`${model}|${dataset}|${tag}|${r.recordId}`, r.output as Record<string, unknown>);
  }
  const items: ItemInput[] = [];
  const made = new Map<string, ItemInput>();
  const item = (id: string, make: () => StudyItemInput): StudyItemInput => {
    let it = made.get(id);
    if (!it) {
      it = make();
      made.set(id, it);
      items.push(it);
    }
    return it as StudyItemInput;
  };
  const answer = (raw: unknown): string | undefined => {
    const v = scaleAnswer(scale, raw);
    return v === INVALID_ANSWER ? undefined : v;
  };
  for (const ds of sources) {
    const dsCells = cells.filter((c) => c.dataset === ds.name);
    if (dsCells.length === 0) continue;
    const measured = new Map<string, Map<string, Record<string, unknown>>>();
    for (const c of dsCells) measured.set(c.key, new Map((await store.getItems(runId, c.key)).map((i) => [i.recordId, i.measurement as Record<string, unknown>])));
    for await (const rec of ds.records()) {
      for (const cell of dsCells) {
        if (spec.kind === 'measure' && rec.fields.model !== undefined && String(rec.fields.model) !== cell.model) continue;
        const m = measured.get(cell.key)?.get(rec.id);
        if (!m) continue;
        code.fromRun({
          dataset: ds.name,
          model: cell.model,
          record: rec,
          measurement: m,
          output: (from) => outputs.get(`${cell.model}|${ds.name}|${from}|${rec.id}`),
          judges: judgesCfg,
          target: opts.target ?? 'output',
          item,
          answer,
        });
      }
      if (opts.limit && items.length >= opts.limit) return items.slice(0, opts.limit);
    }
  }
  if (items.length === 0) throw new UserError(`run ${runId}: no ${kind} items could be rebuilt (are the run's datasets still at their paths?)`);
  return items;
}
