/**
 * Conditions that chain mitigations: a prompt mitigation that only changes the task's instruction,
 * then a decoding strategy (e.g. preserve-certainty with greedy decoding). The strategy runs on the task as the instruction renders it, so each keeps its
 * meaning. Chains that cannot compose that way are refused with the reason.
 */
import { z } from 'zod';
import { UserError } from '../core/errors.js';
import { canonicalJson } from '../runtime/canonical-json.js';
import type { RenderOverrides, Task } from '../tasks/task.js';
import { MitigationNotApplicableError, type Applicability, type Mitigation } from './types.js';

/** A mitigation of a chain with its parsed options and its condition key (id, plus the options written). */
export interface ChainMember {
  mitigation: Mitigation;
  options: Record<string, unknown>;
  key: string;
}

/**
 * A mitigation with the options the user wrote, validated (defaults filled), and its key: the id,
 * plus the canonical JSON of the options written when there are any.
 */
export function mitigationWithOptions(mitigation: Mitigation, raw: Record<string, unknown> | undefined): ChainMember {
  const id = mitigation.id;
  const parsed = mitigation.optionsSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const msg = parsed.error.issues.map((i) => `  - mitigations.${id}.options${i.path.length ? '.' + i.path.join('.') : ''}: ${i.message}`).join('\n');
    throw new UserError(`invalid options for mitigation "${id}":\n${msg}`);
  }
  const key = raw && Object.keys(raw).length > 0 ? `${id}:${canonicalJson(raw)}` : id;
  return { mitigation, options: parsed.data as Record<string, unknown>, key };
}

/** Why a chain cannot compose (the caller names the file and the condition). */
class ChainError extends Error {}

/**
 * Strategies that leave the instruction to the task, so it passes through them unchanged: decoding
 * (settings or a step-wise controller on the task's own request). Re-ranking and chunking write
 * prompts of their own (the shuffle's, the partial summaries'), which would replace it.
 */
const LAST_KINDS: readonly Mitigation['kind'][] = ['decode'];

/** The key a chain is stored under: its members' keys in order, joined by "+" (one mitigation's key is unchanged). */
export const chainKey = (members: readonly { key: string }[]): string => members.map((m) => m.key).join('+');

/** Check that the members compose (see the file comment); throws ChainError saying why not. */
function checkChain(members: readonly ChainMember[]): void {
  if (members.length < 2) throw new ChainError('a chain needs two or more mitigations');
  const ids = members.map((m) => m.mitigation.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) throw new ChainError(`"${twice}" is in it twice`);
  for (const { mitigation: m } of members) {
    if (m.id === 'baseline') throw new ChainError('the baseline is the task alone: it is not a step of a chain');
    if (m.kind === 'measure') throw new ChainError(`"${m.id}" changes how the baseline's outputs are measured and generates nothing: it cannot be chained`);
  }
  for (const { mitigation: m } of members.slice(0, -1)) {
    if (m.instruction === undefined) throw new ChainError(`"${m.id}" runs a strategy of its own (not only another instruction), so it can only come last`);
  }
  const last = members[members.length - 1]!.mitigation;
  if (last.instruction !== undefined || !LAST_KINDS.includes(last.kind)) {
    throw new ChainError(`the last mitigation must be a decoding one (kind ${LAST_KINDS.join(', ')}), which leaves the instruction before it to the task; "${last.id}" is a ${last.kind} mitigation`);
  }
  const setBy = new Map<string, string>();
  for (const { mitigation: m } of members) {
    for (const k of Object.keys(m.instruction ?? {})) {
      const other = setBy.get(k);
      if (other !== undefined) throw new ChainError(`"${other}" and "${m.id}" both set the task's ${k}`);
      setBy.set(k, m.id);
    }
  }
  const tasks = members.reduce<string[]>((acc, { mitigation: m }) => acc.filter((t) => (m.tasks as string[]).includes(t)), [...members[0]!.mitigation.tasks]);
  if (tasks.length === 0) throw new ChainError(`no task is wrapped by all of them (${members.map(({ mitigation: m }) => `${m.id}: ${m.tasks.join(', ')}`).join('; ')})`);
}

/**
 * The task rendered with the instruction's overrides, the strategy's own over them (decoding
 * settings merged). A strategy that writes a part the instruction set (its own prompt) would
 * silently drop the instruction: the cell is not applicable instead, saying so.
 */
function withInstruction(task: Task, instruction: RenderOverrides, led: string, last: string): Task {
  return {
    ...task,
    render: (record, options, defaults, overrides = {}) => {
      const clash = Object.keys(overrides).find((k) => k !== 'params' && k in instruction);
      if (clash !== undefined) throw new MitigationNotApplicableError(`${last} writes the task's ${clash} itself, which would replace the instruction of ${led}`);
      return task.render(record, options, defaults, { ...instruction, ...overrides, ...(instruction.params || overrides.params ? { params: { ...instruction.params, ...overrides.params } } : {}) });
    },
  };
}

/** The members as one mitigation: checked (ChainError when they cannot compose), applicable where every member is. */
export function chainMitigation(members: readonly ChainMember[]): Mitigation {
  checkChain(members);
  const last = members[members.length - 1]!;
  const instruction = Object.assign({}, ...members.slice(0, -1).map((m) => m.mitigation.instruction)) as RenderOverrides;
  const tasks = members.reduce((acc, { mitigation: m }) => acc.filter((t) => m.tasks.includes(t)), [...members[0]!.mitigation.tasks]);
  return {
    id: members.map((m) => m.mitigation.id).join('+'),
    kind: last.mitigation.kind,
    title: members.map((m) => m.mitigation.title).join(', then '),
    source: members.map((m) => m.mitigation.source).join('; '),
    tasks,
    requires: [...new Set(members.flatMap((m) => m.mitigation.requires))],
    // each member's options are its own, bound here
    optionsSchema: z.object({}).strict() as z.ZodType<Record<string, unknown>>,
    applicable(model): Applicability {
      const approximations: string[] = [];
      for (const m of members) {
        const a = m.mitigation.applicable(model, m.options);
        if (!a.ok) return { ok: false, reason: `${m.mitigation.id}: ${a.reason}` };
        for (const x of a.approximations ?? []) approximations.push(`${m.mitigation.id}: ${x}`);
      }
      return approximations.length > 0 ? { ok: true, approximations } : { ok: true };
    },
    run: (ctx) => {
      const led = members.slice(0, -1).map((m) => m.mitigation.id).join(' + ');
      return last.mitigation.run({ ...ctx, task: withInstruction(ctx.task, instruction, led, last.mitigation.id), options: last.options });
    },
  };
}

/** A chain as written in a config's `mitigations:` (src/config/schema.ts). */
export interface ChainEntry {
  chain: (string | { id: string; options?: Record<string, unknown> | undefined })[];
  label?: string | undefined;
}

/**
 * A chain entry as one condition, keyed by its members' keys joined by "+". A chain that cannot
 * compose is a config error naming the file (`where`), the entry and why.
 */
export function chainCondition(entry: ChainEntry, index: number, get: (id: string) => Mitigation, where: string): { key: string; label: string; mitigation: Mitigation; options: Record<string, unknown> } {
  const members = entry.chain.map((m) => (typeof m === 'string' ? mitigationWithOptions(get(m), undefined) : mitigationWithOptions(get(m.id), m.options)));
  try {
    const mitigation = chainMitigation(members);
    const key = chainKey(members);
    return { key, label: entry.label ?? key, mitigation, options: {} };
  } catch (err) {
    if (!(err instanceof ChainError)) throw err;
    throw new UserError(`${where}: mitigations[${index}] (chain ${members.map((m) => m.key).join(' + ')}): these mitigations cannot be chained: ${err.message}`, {
      hint: 'a chain is a prompt mitigation that only changes the instruction, then a decoding one (docs/mitigations.md, "Chains")',
    });
  }
}
