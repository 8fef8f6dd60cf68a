import type { PresentedTable } from '../results/presentation.js';
import type { GroupResultJson, ProbeResult } from '../results/schema.js';

/**
 * A paper's own table laid out as printed, from a run's probe results: a probe's manifest names
 * the ones its paper prints (paperTables), and the report shows them, by paper, beside its own.
 * Undefined numbers are "—" with their n, never 0.
 */
export type PaperTable = PresentedTable;
/** The tables one probe's paper prints, from every probe's results (a table may read several probes). */
export type PaperTables = (probes: readonly ProbeResult[]) => PaperTable[];

const isBaseline = (g: GroupResultJson): boolean => (g.labels.condition ?? 'baseline') === 'baseline';
/** A group's metric by name. */
export const metric = (g: GroupResultJson | undefined, name: string) => g?.metrics.find((m) => m.name === name);
/** The baseline groups of a probe's results (conditions have their own layouts in the report). */
export const baselineGroups = (p: ProbeResult | undefined): GroupResultJson[] => (p?.groups ?? []).filter(isBaseline);
/** The results of one probe, when the run measured it. */
export const probeResult = (probes: readonly ProbeResult[], name: string): ProbeResult | undefined => probes.find((p) => p.probe === name);
