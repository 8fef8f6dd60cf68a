import { UserError } from '../core/errors.js';
import type { SlantConfig } from '../config/schema.js';
import { baselineMitigation } from '../mitigations/baseline.js';
import type { Mitigation } from '../mitigations/types.js';
import { chainCondition, mitigationWithOptions } from '../mitigations/chain.js';
import { probeManifest } from '../probes/manifests.js';
import { BASELINE_KEY, type Condition } from './conditions.js';

function condition(mitigation: Mitigation, raw: Record<string, unknown> | undefined, label: string | undefined): Condition {
  const { key, options } = mitigationWithOptions(mitigation, raw);
  return { key, label: label ?? key, mitigation, options };
}

/**
 * The run's conditions from config `mitigations:` (absent: baseline only; `all`: every registered
 * mitigation with its defaults). The baseline is always present and first: every mitigation's
 * effect is measured against it on the same records.
 */
export async function planConditions(entries: SlantConfig['mitigations'], where = 'config'): Promise<Condition[]> {
  const baseline = (): Condition => condition(baselineMitigation, undefined, undefined);
  // without `mitigations:` the registry (40 mitigation modules) is not loaded
  if (entries === undefined) return [baseline()];
  const { getMitigation, allMitigations, NOT_IN_ALL } = await import('../mitigations/registry.js');
  const list: Condition[] = [];
  if (entries === 'all') for (const m of allMitigations().filter((x) => !NOT_IN_ALL.has(x.id))) list.push(condition(m, undefined, undefined));
  else
    for (const [i, e] of entries.entries()) {
      if (typeof e === 'string') list.push(condition(getMitigation(e), undefined, undefined));
      else if ('chain' in e) list.push(chainCondition(e, i, getMitigation, where));
      else list.push(condition(getMitigation(e.id), e.options, e.label));
    }
  if (!list.some((c) => c.key === BASELINE_KEY)) list.unshift(baseline());
  const keys = new Set<string>();
  const labels = new Set<string>();
  for (const c of list) {
    if (keys.has(c.key)) throw new UserError(`mitigations: "${c.key}" is listed twice`);
    if (labels.has(c.label)) throw new UserError(`mitigations: the label "${c.label}" is used twice (give one a different label)`);
    keys.add(c.key);
    labels.add(c.label);
  }
  return list.sort((a, b) => (a.key === BASELINE_KEY ? -1 : b.key === BASELINE_KEY ? 1 : 0));
}

interface Legacy {
  key: string;
  value: string;
  mitigation: string;
}

/**
 * Settings that predate `mitigations:` and stand for a mitigation: the run's prompt template
 * `alessa-self-awareness`, and the probe options each probe's manifest names (legacyOptions).
 */
function legacySettings(config: SlantConfig): Legacy[] {
  const out: Legacy[] = [];
  if (config.generation.prompt === 'alessa-self-awareness') out.push({ key: 'generation.prompt', value: 'alessa-self-awareness', mitigation: 'self-awareness' });
  for (const p of config.probes) {
    const legacy = probeManifest(p.name)?.legacyOptions?.((p.options ?? {}) as Record<string, unknown>) ?? [];
    for (const l of legacy) out.push({ key: `probes.${p.name}.options.${l.option}`, value: l.value, mitigation: l.mitigation });
  }
  return out;
}

/**
 * Deprecation notes for the run's warnings: a legacy setting keeps working as before, as the run's
 * only condition. Used together with `mitigations:` it would make the "baseline" a mitigated task,
 * so that combination is refused.
 */
export function legacyNotes(config: SlantConfig): string[] {
  const legacy = legacySettings(config);
  if (legacy.length > 0 && config.mitigations !== undefined) {
    const l = legacy[0]!;
    throw new UserError(`${l.key}: ${l.value} is a mitigation; with \`mitigations:\` set it would turn the baseline into a mitigated task`, {
      hint: `remove ${l.key} and list "${l.mitigation}" under mitigations:`,
    });
  }
  return legacy.map((l) => `${l.key}: ${l.value} is deprecated; use \`mitigations: [baseline, ${l.mitigation}]\` (it keeps working as before, as the run's only condition)`);
}

