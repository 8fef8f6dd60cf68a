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
import { wildframeFormat } from '../probes/wildframe/format.js';
import type { DatasetEntry, SlantConfig } from '../config/schema.js';
import type { RunReader } from '../runtime/run-store.js';
import { asRunStore, type AnyStore } from '../runtime/sqlite-run-store.js';
import { isValidAnswer, type StudyKind } from './scale.js';
import type { ItemInput } from './study-store.js';

export interface FileSourceOptions {
  /** canonical field → column (certainty: original, rewrite; framing / wildframe: text) */
  fields?: Record<string, string>;
  /** columns holding judges' answers (canonical; the column name is the judge id) */
  judges?: string[];
  /** column with a gold answer: such items are shown to every annotator and scored, not analysed */
  gold?: string;
  limit?: number;
}

const TEXT_FIELDS: Record<StudyKind, string[]> = { certainty: ['original', 'rewrite'], framing: ['text'], wildframe: ['text'] };

/** A judge's answer as stored on the study's scale, or undefined for "no usable answer" (empty, inconsistent, invalid). */
export function judgeAnswer(kind: StudyKind, raw: unknown): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  const s = String(raw).trim().toLowerCase();
  if (s === '' || s === 'inconsistent' || s === 'invalid') return undefined;
  const v = kind === 'certainty' && Number.isFinite(Number(s)) ? String(Number(s)) : s;
  return isValidAnswer(kind, v) ? v : '\u0000invalid';
}

export async function itemsFromFile(path: string, kind: StudyKind, opts: FileSourceOptions = {}): Promise<ItemInput[]> {
  const required = TEXT_FIELDS[kind];
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
      if (v === '\u0000invalid') throw new InputError({ ...r.location, field: j }, `judge answer ${JSON.stringify(r.fields[j])} is not on the ${kind} scale (${kind === 'certainty' ? '−2..2, positive = the rewrite is more certain' : 'a label'}; empty or "inconsistent" for none)`);
      if (v !== undefined) judges[j] = v;
    }
    const item: ItemInput = { id: r.id, role: 'task', content, judges };
    if (opts.gold) {
      const g = judgeAnswer(kind, r.fields[opts.gold]);
      if (g === '\u0000invalid') throw new InputError({ ...r.location, field: opts.gold }, `gold answer ${JSON.stringify(r.fields[opts.gold])} is not on the ${kind} scale`);
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

/** Items from a stored run: certainty pairs (original, rewrite) or framing texts, with the run's judge answers. */
export async function itemsFromRun(anyStore: AnyStore<RunReader>, runId: string, spec: RunSpec, kind: StudyKind, opts: RunSourceOptions = {}): Promise<ItemInput[]> {
  const store = asRunStore(anyStore);
  const probeName = kind;
  const cells = (await store.listCells(runId)).filter((c) => c.probe === probeName);
  if (cells.length === 0) throw new UserError(`run ${runId} has no ${probeName} measurements`, { hint: `run the ${probeName} probe first` });
  const probes = await planProbes(spec.kind === 'run' ? spec.config.probes : spec.probes);
  let sources: DatasetSource[];
  if (spec.kind === 'run') {
    const f = runFields(probes);
    sources = spec.config.datasets.map((d) => datasetSource(d, { ...f, baseDir: spec.baseDir }));
  } else if (kind === 'wildframe') {
    const file = resolve(spec.baseDir, spec.dataset.path ?? '');
    sources = [wildframeFormat.read(spec.dataset, file, spec.dataset.humans ? resolve(spec.baseDir, spec.dataset.humans) : undefined, {})];
  } else {
    const { required, optional } = probeFields(probes);
    sources = [datasetSource(spec.dataset, { required, optional, baseDir: spec.baseDir, uniqueWithin: 'model', idFrom: required.filter((f) => f !== 'output') })];
  }
  const judgesCfg = spec.kind === 'run' ? spec.config.judges : spec.judges;
  // stored generations: key "model|dataset" (summaries) or "model|dataset|probe:..." (probe tasks)
  const outputs = new Map<string, Record<string, unknown>>();
  for (const r of await store.listRunOutputs(runId)) {
    const { model, dataset, generation } = outputKeyParts(r.cellKey);
    const tag = generation === undefined ? 'summary' : generation.split(':')[0];
    outputs.set(`${model}|${dataset}|${tag}|${r.recordId}`, r.output as Record<string, unknown>);
  }
  const items: ItemInput[] = [];
  const seenSource = new Set<string>();
  /** wildframe: one item per statement, every model's answer a judge of it */
  const statements = new Map<string, ItemInput>();
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
        if (kind === 'wildframe') {
          const key = `${ds.name}|${rec.id}`;
          let item = statements.get(key);
          if (!item) {
            item = { id: key, role: 'task', content: { text: String(rec.fields.framed ?? '') }, judges: {} };
            statements.set(key, item);
            items.push(item);
          }
          // the model's answer; neutral, mixed or unreadable answers are no answer on the two-way scale
          const label = judgeAnswer('wildframe', m.label);
          if (label && label !== '\u0000invalid') item.judges![cell.model] = label;
        } else if (kind === 'certainty') {
          const gen = outputs.get(`${cell.model}|${ds.name}|certainty|${rec.id}`)?.fields as Record<string, unknown> | undefined;
          const original = String(rec.fields.original ?? '');
          const rewrite = String(gen?.rewrite ?? rec.fields.rewrite ?? '');
          if (!original || !rewrite) continue;
          const judgeId = m.comparator === 'llm' ? (judgesCfg.llm ?? 'llm') : 'offline';
          const label = judgeAnswer('certainty', m.label);
          items.push({
            id: `${cell.model}|${ds.name}|${rec.id}`,
            role: 'task',
            content: { original, rewrite, model: cell.model },
            judges: label && label !== '\u0000invalid' ? { [judgeId]: label } : {},
          });
        } else {
          const judgeId = `framing:${judgesCfg.framing}`;
          const target = opts.target ?? 'output';
          if ((target === 'source' || target === 'both') && !seenSource.has(`${ds.name}|${rec.id}`)) {
            seenSource.add(`${ds.name}|${rec.id}`);
            items.push({ id: `source|${ds.name}|${rec.id}`, role: 'task', content: { text: String(rec.fields.source ?? ''), target: 'source' }, judges: { [judgeId]: String(m.fC) } });
          }
          if (target === 'output' || target === 'both') {
            const out = outputs.get(`${cell.model}|${ds.name}|summary|${rec.id}`);
            const text = String(out?.text ?? rec.fields.output ?? '');
            if (text) items.push({ id: `output|${cell.model}|${ds.name}|${rec.id}`, role: 'task', content: { text, target: 'output', model: cell.model }, judges: { [judgeId]: String(m.fS) } });
          }
        }
      }
      if (opts.limit && items.length >= opts.limit) return items.slice(0, opts.limit);
    }
  }
  if (items.length === 0) throw new UserError(`run ${runId}: no ${kind} items could be rebuilt (are the run's datasets still at their paths?)`);
  return items;
}
