import { UserError } from '../core/errors.js';
import type { AnyProbe } from './manifest.js';
import type { ProbeOutput } from './types.js';

/** Seed 000's summarization: what a probe without its own `output` measures in `slant run`. */
const SUMMARY: ProbeOutput<unknown> = { from: 'summary' };

/** Where the text a probe measures comes from in `slant run` (the summary when it says nothing). */
export const outputOf = (probe: AnyProbe): ProbeOutput<Record<string, unknown>> => probe.output ?? SUMMARY;

/** The probe questions the model under test while it measures (hallucination's fact-checking, WildFrame's sentiment). */
export const asksModel = (probe: AnyProbe): boolean => outputOf(probe).from === 'asks-model';

/**
 * The record fields a run writes before the probe measures: `output` for the summary, the probe's own
 * task's fields, none for a probe that asks the model itself (a dataset need not carry these).
 */
export function producedFields(probe: AnyProbe): string[] {
  const out = outputOf(probe);
  return out.from === 'summary' ? ['output'] : out.from === 'task' ? out.produces : [];
}

const FROM = ['summary', 'task', 'asks-model'];

/**
 * A plugin's probe says where its output comes from in the one `output` member; the three members
 * it replaced (task, generation, asksModel) would be ignored, so they are refused by name.
 */
export function checkOutput(probe: AnyProbe, from: string): void {
  const stale = ['task', 'generation', 'asksModel'].filter((k) => k in probe);
  if (stale.length > 0) throw new UserError(`${from}: probe "${probe.name}" has ${stale.join(', ')}; say where its output comes from in output: { from: 'summary' | 'task' | 'asks-model', … } (docs/extending.md)`);
  const out = probe.output as { from?: unknown; task?: unknown; produces?: unknown; key?: unknown } | undefined;
  if (out === undefined) return;
  if (!FROM.includes(out.from as string)) throw new UserError(`${from}: probe "${probe.name}": output.from must be one of ${FROM.join(', ')} (got ${JSON.stringify(out.from)})`);
  if (out.from !== 'summary' && typeof out.task !== 'function') throw new UserError(`${from}: probe "${probe.name}": output.task must be a function (options) => { task, options }`);
  if (out.from === 'task' && (!Array.isArray(out.produces) || typeof out.key !== 'function')) throw new UserError(`${from}: probe "${probe.name}": an output from its own task names the fields it produces (produces: [...]) and key(options)`);
}
