import { UserError } from '../core/errors.js';
import { checkAnnotation } from './annotation.js';
import { certaintyManifest } from './certainty/manifest.js';
import { framingManifest } from './framing/manifest.js';
import { hallucinationManifest } from './hallucination/manifest.js';
import type { DatasetFormat } from './dataset-format.js';
import type { ItemViewer } from './item-view.js';
import { checkOutput } from './output.js';
import type { PaperTables } from './paper-table.js';
import type { AnyProbe, Presenter, ProbeManifest } from './manifest.js';
import { positionManifest } from './position/manifest.js';
import { primacyManifest } from './primacy/manifest.js';
import { wildframeManifest } from './wildframe/manifest.js';

/**
 * The built-in probes, in the order they are listed everywhere (help texts, errors, reports): the
 * one place a built-in probe is named. Names, loaders, presenters and item views all derive from it.
 */
export const BUILTIN_PROBES = [framingManifest, primacyManifest, positionManifest, wildframeManifest, certaintyManifest, hallucinationManifest] as const;

type BuiltinManifest = (typeof BUILTIN_PROBES)[number];
export type ProbeName = BuiltinManifest['name'];
/** The built-in probes by name, each with its own record, measurement and option types. */
export type ProbeByName = { [M in BuiltinManifest as M['name']]: Awaited<ReturnType<M['load']>> };

const registered = new Map<string, ProbeManifest>(BUILTIN_PROBES.map((m) => [m.name, m]));

/** What has been loaded of each probe, for the callers that must answer synchronously. */
interface Loaded {
  probe?: AnyProbe;
  present?: Presenter | null;
  items?: ItemViewer | null;
  paperTables?: PaperTables | null;
}
const loaded = new Map<string, Loaded>();

const PROBE_NAME = /^[a-z][a-z0-9-]*$/;

/**
 * Adds a probe (a plugin's) beside the built-in ones, loading its parts at once so the synchronous
 * lookups (getProbe, the presenter, the item view) know it. A name already taken is an error: a
 * plugin never replaces a probe silently.
 */
export async function registerProbe(manifest: ProbeManifest, from = 'a plugin'): Promise<void> {
  if (typeof manifest?.name !== 'string' || !PROBE_NAME.test(manifest.name)) throw new UserError(`${from}: a probe's name must be lower-case letters, digits and "-" (got ${JSON.stringify(manifest?.name)})`);
  if (typeof manifest.load !== 'function') throw new UserError(`${from}: probe "${manifest.name}" has no load() (or probe)`);
  if (registered.has(manifest.name)) throw new UserError(`${from}: a probe called "${manifest.name}" is already registered`);
  if (manifest.annotation !== undefined) checkAnnotation(manifest.annotation, manifest.name, from);
  registered.set(manifest.name, manifest);
  try {
    checkOutput(await loadProbe(manifest.name), from);
    await resolveProbe(manifest.name);
  } catch (err) {
    registered.delete(manifest.name);
    loaded.delete(manifest.name);
    throw err;
  }
}

/** Every probe known now: the built-in ones, then the plugins' in the order they were registered. */
export function registeredProbeNames(): string[] {
  return [...registered.keys()];
}

export function probeManifest(name: string): ProbeManifest | undefined {
  return registered.get(name);
}

export function unknownProbe(name: string): UserError {
  return new UserError(`unknown probe "${name}"; available: ${registeredProbeNames().join(', ')}`);
}

/** Loads a probe's code (its measuring modules) on first use. */
export async function loadProbe(name: string): Promise<AnyProbe> {
  const manifest = registered.get(name);
  if (!manifest) throw unknownProbe(name);
  const entry = loaded.get(name) ?? {};
  entry.probe ??= await manifest.load();
  loaded.set(name, entry);
  return entry.probe;
}

/** Loads every part of a probe (code, presenter, item view) so the synchronous lookups answer for it. */
async function resolveProbe(name: string): Promise<void> {
  await loadProbe(name);
  await resolveViews(name);
}

/** Loads a probe's presenter and item view (not its measuring code unless they need it). */
async function resolveViews(name: string): Promise<void> {
  const manifest = registered.get(name);
  if (!manifest) return;
  const entry = loaded.get(name) ?? {};
  loaded.set(name, entry);
  if (entry.present === undefined) entry.present = (manifest.present ? await manifest.present() : ownPresenter(await loadProbe(name))) ?? null;
  if (entry.items === undefined) entry.items = (manifest.items ? await manifest.items() : undefined) ?? null;
  if (entry.paperTables === undefined) entry.paperTables = (manifest.paperTables ? await manifest.paperTables() : undefined) ?? null;
}

/** A probe's own `present`, as the report calls it: with the group alone (results carry the options). */
function ownPresenter(probe: AnyProbe): Presenter | undefined {
  const present = probe.present;
  return present ? (group) => present.call(probe, group, undefined) : undefined;
}

/** Loads the presenters and item views of the built-in probes (the report's modules await it once). */
export async function resolveBuiltinViews(): Promise<void> {
  for (const m of BUILTIN_PROBES) await resolveViews(m.name);
}

/** Loads the code of every built-in probe (the library's synchronous `getProbe` awaits it once). */
export async function loadBuiltinProbes(): Promise<void> {
  for (const m of BUILTIN_PROBES) await loadProbe(m.name);
}

/** The loaded probe, or undefined when it is not loaded (or not known). */
export const loadedProbe = (name: string): AnyProbe | undefined => (registered.has(name) ? loaded.get(name)?.probe : undefined);
/** The loaded presenter of a probe; undefined for a probe this slant does not know or one without a presenter. */
export const loadedPresenter = (name: string): Presenter | undefined => (registered.has(name) ? (loaded.get(name)?.present ?? undefined) : undefined);
/** The loaded item view of a probe; undefined when it has none. */
export const loadedItemView = (name: string): ItemViewer | undefined => (registered.has(name) ? (loaded.get(name)?.items ?? undefined) : undefined);

/** The loaded paper tables of every known probe, in the probes' order. */
export const loadedPaperTables = (): PaperTables[] => [...registered.keys()].flatMap((name) => loaded.get(name)?.paperTables ?? []);

/** Formats a plugin registered on their own (not brought by a probe). */
const pluginFormats: DatasetFormat[] = [];

/** The data layer's own formats: a registered format may not take their names. */
const DATA_FORMATS = ['jsonl', 'csv', 'tsv', 'parquet', 'json'];

/**
 * Adds an input format (a plugin's) beside those the probes bring: a dataset it recognises
 * (`matches`) is read by its reader. A name already taken is an error.
 */
export function registerFormat(format: DatasetFormat, from = 'a plugin'): void {
  if (typeof format?.name !== 'string' || !PROBE_NAME.test(format.name)) throw new UserError(`${from}: a dataset format's name must be lower-case letters, digits and "-" (got ${JSON.stringify(format?.name)})`);
  for (const key of ['describe', 'matches', 'read'] as const) if (typeof format[key] !== 'function') throw new UserError(`${from}: dataset format "${format.name}" has no ${key}()`);
  if (!Array.isArray(format.fields)) throw new UserError(`${from}: dataset format "${format.name}" names the canonical fields its records carry (fields: [...])`);
  if (DATA_FORMATS.includes(format.name) || datasetFormats().some((f) => f.name === format.name)) throw new UserError(`${from}: a dataset format called "${format.name}" is already registered`);
  pluginFormats.push(format);
}

/** The input formats the known probes bring, in the probes' order, then the plugins' own (src/probes/dataset-format.ts). */
export function datasetFormats(): DatasetFormat[] {
  return [...[...registered.values()].flatMap((m) => m.formats ?? []), ...pluginFormats];
}

/** The format a dataset entry names (`format: summeval`), when a probe brings it. */
export const namedFormat = (name: string | undefined): DatasetFormat | undefined => (name === undefined ? undefined : datasetFormats().find((f) => f.name === name));

/** The format whose records only this probe reads (it is then measured on its own). */
export const exclusiveFormat = (probe: string): DatasetFormat | undefined => datasetFormats().find((f) => f.onlyFor?.probe === probe);
