import { UserError } from '../core/errors.js';
import type { SlantConfig } from '../config/schema.js';
import { parseFactcheckStrategy } from '../tasks/factcheck-prompts.js';

interface Legacy {
  key: string;
  value: string;
  mitigation: string;
}

const FACTCHECK: Record<string, string> = { calibration: 'prompt-calibration', boundary: 'knowledge-boundary-awareness', epistemic: 'epistemic-tagging' };

/**
 * The four mitigation-like settings that predate `mitigations:`. They keep working as
 * before (same prompts, same stored outputs), with a deprecation note naming the mitigation that
 * replaces them. Used together with `mitigations:` they would make the "baseline" a mitigated
 * task, so that combination is refused.
 */
export function legacyMitigations(config: SlantConfig): Legacy[] {
  const out: Legacy[] = [];
  if (config.generation.prompt === 'alessa-self-awareness') out.push({ key: 'generation.prompt', value: 'alessa-self-awareness', mitigation: 'self-awareness' });
  for (const p of config.probes) {
    const o = (p.options ?? {}) as Record<string, unknown>;
    if (p.name === 'hallucination' && typeof o.strategy === 'string' && o.strategy !== 'baseline') {
      let id: string | undefined;
      try {
        id = FACTCHECK[parseFactcheckStrategy(o.strategy)];
      } catch {
        id = undefined; // the probe's own option check reports it
      }
      if (id !== undefined) out.push({ key: 'probes.hallucination.options.strategy', value: o.strategy, mitigation: id });
    }
    if (p.name === 'certainty' && typeof o.intervention === 'string' && o.intervention !== 'none') {
      out.push({ key: 'probes.certainty.options.intervention', value: o.intervention, mitigation: o.intervention });
    }
    if (p.name === 'certainty' && o.decoding === 'greedy') out.push({ key: 'probes.certainty.options.decoding', value: 'greedy', mitigation: 'greedy-decoding' });
    if (p.name === 'position' && o.rolePlay === true) out.push({ key: 'probes.position.options.rolePlay', value: 'true', mitigation: 'role-play' });
  }
  return out;
}

/** Deprecation notes for the run's warnings; an error when `mitigations:` is also set. */
export function legacyNotes(config: SlantConfig): string[] {
  const legacy = legacyMitigations(config);
  if (legacy.length > 0 && config.mitigations !== undefined) {
    const l = legacy[0]!;
    throw new UserError(`${l.key}: ${l.value} is a mitigation; with \`mitigations:\` set it would turn the baseline into a mitigated task`, {
      hint: `remove ${l.key} and list "${l.mitigation}" under mitigations:`,
    });
  }
  return legacy.map((l) => `${l.key}: ${l.value} is deprecated; use \`mitigations: [baseline, ${l.mitigation}]\` (it keeps working as before, as the run's only condition)`);
}
