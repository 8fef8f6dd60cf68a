/**
 * The papers' own cross-probe / cross-model tables, laid out as printed, from a run's probe
 * results (baseline groups; conditions have their own Table A6/4/5 layouts in
 * mitigation-tables.ts; seed 000 Table 1, with intervals and item links, is in model.ts). Each
 * probe's manifest names the tables its paper prints (src/probes/<probe>/paper-tables.ts); they
 * are shown by paper, then in the probes' order. Part of the report model: every renderer (HTML,
 * viewer, terminal, exports) shows these same tables. The built-in ones:
 * - seed 000 Table 2: per dataset × model, the six framing transitions as % of summaries;
 * - seed 000 Table 6: epistemic tagging's confidence shares per model × cutoff period (Table 4 is
 *   the mitigation layout of src/report/mitigation-tables.ts);
 * - seed 003 (Appendix E, run mode): per dataset, Spearman ρ across the run's models between the
 *   Wasserstein distance and ROUGE-1/2/L F (needs ≥ 3 models; otherwise "—" with n);
 * - seed 004 Table 1: CD per model × dataset with the per-model average over datasets;
 * - seed 004 Table 2: CD↑, CD↓ and R per model × dataset (a run's dataset stands for a domain/task).
 * Undefined numbers are "—" with their n, never 0.
 */
import { loadedPaperTables, resolveBuiltinViews } from '../probes/manifests.js';
import type { PaperTable } from '../probes/paper-table.js';
import type { ProbeResult } from '../results/schema.js';

// the report reads them synchronously: load the built-in probes' (not their measuring code) once
await resolveBuiltinViews();

/** The paper a table reproduces, from its id (`seed004_table1`); a table of no paper comes last. */
const paperOf = (t: PaperTable): string => /^seed(\d{3})/.exec(t.id)?.[1] ?? '~';

export function paperTables(probes: readonly ProbeResult[]): PaperTable[] {
  // sort is stable: within a paper, the probes' order and each probe's own
  return loadedPaperTables()
    .flatMap((tables) => tables(probes))
    .sort((a, b) => paperOf(a).localeCompare(paperOf(b)));
}
