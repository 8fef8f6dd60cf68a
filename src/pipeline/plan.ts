import { resolve } from 'node:path';
import { UserError } from '../core/errors.js';
import type { SlantConfig } from '../config/schema.js';
import { atConfigKey } from '../config/config-key-error.js';
import { loadProbe, parseProbeOptions } from '../probes/load.js';
import type { ProbeJudges } from '../probes/types.js';
import type { LanguageModel } from '../models/types.js';
import { createEmbedder, createFramingJudge } from '../judges/registry.js';

import { modelFactory, type ModelWrapper, type RunModelFactory } from './model-factory.js';
import { resolvePromptTemplate } from '../tasks/summarize.js';
import { datasetSource } from './datasets.js';
import { exclusiveFormat, probeFieldList } from '../probes/manifests.js';
import { asksModel, producedFields } from '../probes/output.js';
import type { ExecutionPlan, PlannedProbe } from './execute.js';
import { modelProducer, recordedProducer } from './producers.js';
import { bindDatasets } from './bindings.js';
import type { RetryInfo } from '../runtime/scheduler.js';


/**
 * The configured probes with their parsed options; each probe's modules load here, when a plan uses it.
 * `moderator` (the config's moderator role) goes to every probe whose options take one and name none.
 */
export async function planProbes(entries: SlantConfig['probes'], moderator?: string): Promise<PlannedProbe[]> {
  const seen = new Set<string>();
  const out: PlannedProbe[] = [];
  let moderated = false;
  for (const entry of entries) {
    if (seen.has(entry.name)) throw new UserError(`probe "${entry.name}" is listed twice`);
    seen.add(entry.name);
    const probe = await loadProbe(entry.name);
    const withModerator = moderator === undefined || entry.options?.moderator !== undefined ? undefined : takesModerator(probe, entry.options, moderator);
    if (withModerator !== undefined || entry.options?.moderator !== undefined) moderated = true;
    out.push({ probe, options: withModerator ?? parseProbeOptions(probe, entry.options), fields: probeFieldList(entry.name) });
  }
  if (moderator !== undefined && !moderated) throw new UserError(`roles.moderator (${moderator}): no probe of this run takes a moderator`, { hint: "the certainty probe's LLM judge does (seed 004 App. D.1); drop the role or add that probe" });
  return out;
}

/** The probe's options with the moderator role in them, when its options take a moderator; else undefined. */
function takesModerator(probe: PlannedProbe['probe'], options: Record<string, unknown> | undefined, moderator: string): Record<string, unknown> | undefined {
  const parsed = probe.optionsSchema.safeParse({ ...(options ?? {}), moderator });
  return parsed.success && (parsed.data as { moderator?: unknown }).moderator === moderator ? (parsed.data as Record<string, unknown>) : undefined;
}

export async function buildJudges(
  probes: PlannedProbe[],
  judges: SlantConfig['judges'],
  factory: RunModelFactory = modelFactory(),
  /** `slant run`: probes that ask the model under test get it from the run, not from judges.llm */
  modelsUnderTest = false,
): Promise<ProbeJudges> {
  const needed = new Set(probes.flatMap((p) => p.probe.needs(p.options)));
  const out: ProbeJudges = {};
  if (judges.reask) out.reask = true;
  if (needed.has('framing')) out.framing = await atConfigKey('judges.framing', () => createFramingJudge(judges.framing, factory.make, { reask: judges.reask ?? false }));
  if (needed.has('embedder')) out.embedder = await atConfigKey('judges.embedder', () => createEmbedder(judges.embedder, factory.providers));
  // an LLM judge is built whenever one is configured: probes in 'auto' mode use it when present
  const llm = judges.llm;
  if (llm) out.llm = await atConfigKey('judges.llm', () => factory.make(llm));
  const moderators = [...new Set(probes.map((p) => p.options.moderator).filter((m): m is string => typeof m === 'string'))];
  if (moderators.length > 1) throw new UserError(`probes name different moderators (${moderators.join(', ')}); use one`);
  const moderator = moderators[0];
  if (moderator !== undefined) out.moderator = await atConfigKey('probes.certainty.options.moderator', () => factory.make(moderator));
  for (const { probe, options } of probes) {
    if (modelsUnderTest && asksModel(probe)) continue;
    const needs = probe.needs(options);
    // a probe that needs the LLM judge and has no offline fallback among its needs
    if (needs.includes('llm') && !out.llm && !needs.some((n) => n !== 'llm' && out[n])) {
      throw new UserError(`probe "${probe.name}" with these options needs an LLM judge`, { hint: 'set judges.llm in slant.yaml, or pass --judge <probe>=<model id>' });
    }
  }
  return out;
}

/** `slant run` / `slant demo`: models generate outputs from each dataset's sources. */
export async function planRun(
  config: SlantConfig,
  opts: {
    baseDir?: string;
    wrap?: ModelWrapper;
    batch?: boolean;
    rows?: readonly unknown[];
    onRetry?: (info: RetryInfo) => void;
    /** models made by the caller (audit()'s model objects and functions), by their id in `config.models` */
    given?: ReadonlyMap<string, LanguageModel>;
    /** the cost plan: no model will be called, so none needs its API key */
    planOnly?: boolean;
  } = {},
): Promise<ExecutionPlan> {
  const factory = modelFactory(config.providers, opts.wrap, { ...(opts.onRetry !== undefined ? { onRetry: opts.onRetry } : {}), ...(opts.planOnly === true ? { planOnly: true } : {}) });
  const probes = await planProbes(config.probes, config.roles?.moderator);
  const template = resolvePromptTemplate(config.generation.prompt);
  const labels = new Set<string>();
  const producers = [];
  let slots = 0;
  for (const [i, m] of config.models.entries()) {
    const label = m.label ?? m.id;
    if (labels.has(label)) throw new UserError(`models: "${label}" is listed twice (give one a different label)`);
    labels.add(label);
    const options = modelOptions(m);
    const raw = opts.given?.get(m.id) ?? (await atConfigKey(`models[${i}].id`, () => factory.makeRaw(m.id, options)));
    slots = Math.max(slots, factory.maxConcurrency(m.id, options));
    const model = opts.wrap ? opts.wrap(raw) : raw;
    const gen = { template, temperature: config.generation.temperature, maxTokens: config.generation.maxTokens, seed: config.generation.seed };
    producers.push(modelProducer(model, label, gen, opts.batch && raw.provider === 'openai' ? raw : undefined));
  }
  const names = new Set<string>();
  for (const [i, d] of config.datasets.entries()) {
    if (names.has(d.name)) throw new UserError(`datasets: "${d.name}" is listed twice`);
    names.add(d.name);
    rejectUnreadFields(d.fields, probes, (k) => `datasets[${i}].fields.${k}`);
  }
  const { bindings, notes: bindingNotes } = await bindDatasets(config, probes, opts.baseDir, opts.rows);
  const datasets = bindings.map(({ entry, probes: bound, format }) => {
    // a format read for one probe alone (the WildFrame release) by its own reader; the models under test answer
    const source = format?.onlyFor
      ? format.read(entry, resolve(opts.baseDir ?? process.cwd(), entry.path ?? ''), entry.humans ? resolve(opts.baseDir ?? process.cwd(), entry.humans) : undefined, { askModels: true })
      : datasetSource(entry, { ...runFields(bound), baseDir: opts.baseDir, ...(opts.rows !== undefined ? { rows: opts.rows } : {}), ...(format ? { format } : {}) });
    return { ...source, probes: bound.map((p) => p.probe.name) };
  });
  if (opts.batch && !producers.some((p) => p.batch)) throw new UserError('--batch needs at least one openai: model (the OpenAI Batch API)');
  // the mitigation registry loads only for a run that plans conditions (not for `slant measure`)
  const { planConditions, legacyNotes } = await import('./plan-conditions.js');
  const notes = [...legacyNotes(config), ...bindingNotes];
  const conditions = await planConditions(config.mitigations);
  return {
    datasets,
    producers,
    probes,
    conditions,
    notes,
    template,
    judges: await buildJudges(probes, config.judges, factory, true),
    concurrency: config.concurrency ?? Math.max(4, slots),
    batch: opts.batch === true,
    ...(config.generation.truncated !== undefined ? { truncated: config.generation.truncated } : {}),
  };
}

/** A model entry's provider options with its request limits (the entry's own fields win). */
function modelOptions(m: SlantConfig['models'][number]): Record<string, unknown> {
  return {
    ...(m.options ?? {}),
    ...(m.maxConcurrency !== undefined ? { maxConcurrency: m.maxConcurrency } : {}),
    ...(m.requestsPerMinute !== undefined ? { requestsPerMinute: m.requestsPerMinute } : {}),
    ...(m.tokensPerMinute !== undefined ? { tokensPerMinute: m.tokensPerMinute } : {}),
  };
}

/**
 * A field mapping (`datasets[].fields`, `measure --field`) must name a canonical field one of the
 * run's probes reads (or `id`, `model`): a mapping to a name nothing reads would be ignored without
 * a word (`--field text=body` for a probe that reads `source`).
 */
function rejectUnreadFields(fields: Record<string, string> | undefined, probes: PlannedProbe[], where: (canonical: string) => string): void {
  const read = new Set(['id', 'model', ...probes.flatMap(({ fields }) => fields.map((f) => f.name))]);
  for (const k of Object.keys(fields ?? {})) {
    if (!read.has(k)) throw new UserError(`${where(k)}: no probe of this run reads a field "${k}"; the canonical fields are ${[...read].join(', ')}`, { hint: 'map a canonical field to your column: canonical=column (e.g. source=body)' });
  }
}

/** Canonical fields the probes need (required by any) and may use (optional), for the data layer. */
export function probeFields(probes: PlannedProbe[]): { required: string[]; optional: string[]; sentenceFields: string[] } {
  const required = new Set<string>();
  const optional = new Set<string>(['model']);
  for (const { fields } of probes) for (const f of fields) if (f.name !== 'id') (f.required ? required : optional).add(f.name);
  for (const r of required) optional.delete(r);
  return { required: [...required], optional: [...optional], sentenceFields: sentenceFields(probes) };
}

/**
 * Fields every probe that declares them accepts as an array of sentences (a field one probe needs
 * as plain text stays text-only, so that probe's schema is never handed an array).
 */
function sentenceFields(probes: PlannedProbe[]): string[] {
  const names = new Set(probes.flatMap(({ fields }) => fields.map((f) => f.name)));
  return [...names].filter((n) => probes.every(({ fields }) => fields.every((f) => f.name !== n || f.sentences === true)));
}

/**
 * Fields a `slant run` dataset must carry: each probe's required fields less what the run
 * generates (its own task's fields, or `output` for the default summarization).
 */
export function runFields(probes: PlannedProbe[]): { required: string[]; optional: string[]; sentenceFields: string[] } {
  const required = new Set<string>();
  const optional = new Set<string>();
  for (const { probe, fields } of probes) {
    const produced = new Set(producedFields(probe));
    for (const f of fields) {
      if (f.name === 'id' || f.name === 'model') continue;
      (f.required && !produced.has(f.name) ? required : optional).add(f.name);
    }
  }
  for (const r of required) optional.delete(r);
  return { required: [...required], optional: [...optional], sentenceFields: sentenceFields(probes) };
}

/** `slant measure`: outputs are recorded in the input file (optionally grouped by a `model` field). */
export async function planMeasure(args: {
  probes: SlantConfig['probes'];
  dataset: SlantConfig['datasets'][number];
  judges: SlantConfig['judges'];
  concurrency: number;
  baseDir?: string;
  wrap?: ModelWrapper;
  /** group label of records without a model field */
  label?: string;
  /** records in memory instead of the dataset's file (the library's `audit`) */
  rows?: readonly unknown[];
  /** the moderator role, for every probe that takes one (audit()'s roles.moderator) */
  moderator?: string;
}): Promise<ExecutionPlan> {
  const probes = await planProbes(args.probes, args.moderator);
  rejectUnreadFields(args.dataset.fields, probes, (k) => `--field ${k}=${args.dataset.fields?.[k] ?? ''}`);
  const producer = recordedProducer(args.label ?? 'recorded');
  // a probe whose records only its own format carries (WildFrame's) is measured alone, read by that format
  const own = probes.map((p) => ({ name: p.probe.name, format: exclusiveFormat(p.probe.name) })).find((x) => x.format !== undefined);
  if (own?.format?.onlyFor) {
    if (probes.length > 1) throw new UserError(`measure the ${own.name} probe on its own: its records (${own.format.onlyFor.records}) differ from the other probes'`);
    const file = resolve(args.baseDir ?? process.cwd(), args.dataset.path ?? '');
    const humans = args.dataset.humans ? resolve(args.baseDir ?? process.cwd(), args.dataset.humans) : undefined;
    return { datasets: [own.format.read(args.dataset, file, humans, {})], producers: [producer], probes, judges: await buildJudges(probes, args.judges, modelFactory({}, args.wrap)), concurrency: args.concurrency };
  }
  const { required, optional, sentenceFields: sentences } = probeFields(probes);
  return {
    // long format: one row per (item, model), so ids repeat across models; derived ids name the
    // item by its required fields other than the output
    datasets: [
      datasetSource(args.dataset, { required, optional, sentenceFields: sentences, baseDir: args.baseDir, uniqueWithin: 'model', idFrom: required.filter((f) => f !== 'output'), ...(args.rows !== undefined ? { rows: args.rows } : {}) }),
    ],
    producers: [producer],
    probes,
    judges: await buildJudges(probes, args.judges, modelFactory({}, args.wrap)),
    concurrency: args.concurrency,
  };
}
