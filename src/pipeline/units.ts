import { UserError } from '../core/errors.js';
import type { LanguageModel } from '../models/types.js';
import { baselineMitigation } from '../mitigations/baseline.js';
import type { MitigationResult } from '../mitigations/types.js';
import type { TaskRecord } from '../tasks/task.js';
import type { GenerationDefaults, TaskBinding } from '../probes/types.js';
import type { ItemCost } from '../runtime/store.js';
import { conditionApplies, taskFor } from './cells.js';
import { BASELINE_KEY, type Condition } from './conditions.js';
import type { PlannedProbe } from './execute.js';
import type { WarningLog } from './warnings.js';

/** One probe under one condition, with the probe's task: what a cell runs, per producer. */
export interface Unit {
  probe: PlannedProbe;
  condition: Condition;
  binding: TaskBinding;
}

/** Decoding when a producer has no generation defaults (as before conditions existed). */
export const DEFAULTS: GenerationDefaults = { temperature: 0, maxTokens: 500, seed: 42 };

/** The plain task when no conditions are planned (slant measure, library callers). */
const BASELINE: Condition = { key: BASELINE_KEY, label: BASELINE_KEY, mitigation: baselineMitigation, options: {} };

/**
 * Probes × conditions, keeping the pairs where the condition wraps the probe's task (a warning
 * names each pair left out, once).
 */
export function planUnits(probes: PlannedProbe[], conditions: Condition[] | undefined, template: string | undefined, warnings: WarningLog): Unit[] {
  const units: Unit[] = [];
  for (const p of probes) {
    const binding = taskFor(p.probe, p.options, template);
    if (!conditions?.length) units.push({ probe: p, condition: BASELINE, binding });
    for (const condition of conditions ?? []) {
      if (conditionApplies(condition, binding)) units.push({ probe: measuredWith(p, condition), condition, binding });
      else warnings.add(`mitigation ${condition.label}`, `does not apply to the ${binding.task.kind} task of probe ${p.probe.name} (it wraps: ${condition.mitigation.tasks.join(', ')}); no cell`);
    }
  }
  return units;
}

/**
 * The probe as a condition measures it: a measurement variant (`mitigation.probeOptions`, e.g.
 * seed 003 App. I's top-k mapping) sets probe options over the configured ones, validated by the
 * probe's schema; any other condition measures with the configured options.
 */
function measuredWith(p: PlannedProbe, condition: Condition): PlannedProbe {
  const over = condition.mitigation.probeOptions?.(condition.options);
  if (over === undefined) return p;
  const parsed = p.probe.optionsSchema.safeParse({ ...p.options, ...over });
  if (!parsed.success) throw new UserError(`mitigation ${condition.label}: probe ${p.probe.name} cannot take options ${JSON.stringify(over)}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return { ...p, options: parsed.data as Record<string, unknown> };
}

/** Does the condition only change how the baseline's outputs are measured (it generates nothing of its own)? */
export const measuresBaselineOutputs = (condition: Condition): boolean => condition.mitigation.probeOptions !== undefined;

/** Why this producer's model cannot run the unit's condition (undefined: it can; approximations are warned). */
export function unitApplicability(unit: Unit, model: LanguageModel | undefined, label: string, warnings: WarningLog): string | undefined {
  const { condition } = unit;
  if (condition.key === BASELINE_KEY) return undefined;
  if (!model) return 'recorded outputs: a mitigation needs a model to run';
  const a = condition.mitigation.applicable(model, condition.options);
  if (!a.ok) return a.reason;
  if (a.approximations?.length) warnings.add(`${label} / ${condition.label}`, `approximated on this model: ${a.approximations.join('; ')}`);
  return undefined;
}

/** What this producer's model can only approximate of the unit's condition (empty: exact, or not applicable). */
export function unitApproximations(unit: Unit, model: LanguageModel | undefined): string[] {
  if (unit.condition.key === BASELINE_KEY || !model) return [];
  const a = unit.condition.mitigation.applicable(model, unit.condition.options);
  return a.ok ? (a.approximations ?? []) : [];
}

/** Run one unit's condition on one task record: the mitigation wraps the unit's task. */
export async function runUnit(model: LanguageModel, unit: Unit, record: TaskRecord, defaults: GenerationDefaults, signal: AbortSignal | undefined): Promise<MitigationResult> {
  const started = Date.now();
  const res = await unit.condition.mitigation.run({
    model,
    task: unit.binding.task,
    taskOptions: unit.binding.options,
    record,
    options: unit.condition.options,
    defaults,
    ...(signal ? { signal } : {}),
  });
  return { ...res, wallMs: res.wallMs ?? Date.now() - started };
}

export function addCost(c: ItemCost, r: MitigationResult): ItemCost {
  c.calls += r.calls;
  const cached = r.cachedCalls ?? (r.cached ? r.calls : 0);
  if (cached > 0) c.cachedCalls = (c.cachedCalls ?? 0) + cached;
  c.inputTokens += r.usage.inputTokens;
  c.outputTokens += r.usage.outputTokens;
  c.wallMs += r.wallMs ?? 0;
  return c;
}
