import type { Command } from 'commander';
import { EXIT, UserError } from '../core/errors.js';
import { checkGateMetrics, evaluateGate, gateReport, parseGateCondition, type GateCondition } from '../report/gate.js';
import type { Results } from '../results/schema.js';

export const FAIL_ON_HELP = 'exit 5 when a condition holds (or cannot be decided), e.g. "framing.phi_frame > 0.2" or "primacy[model=m].psi_pri.ci.high > 0.15" (repeatable; docs/report.md)';

/**
 * The command's --fail-on conditions, parsed (a grammar error is a usage error before any work).
 * The probe names are checked against the probes known now (a run's config has registered its
 * plugins' probes by then); `anyProbe`: checked later against the run read (`slant report`).
 */
export function failOnConditions(cmd: Command, opts: { anyProbe?: boolean } = {}): GateCondition[] {
  return (cmd.opts<{ failOn?: string[] }>().failOn ?? []).map((t) => parseGateCondition(t, opts.anyProbe ? {} : undefined));
}

/** Check the gate (a metric the run reports nowhere is a usage error, exit 2): print each failed or undecidable condition with its value, and exit 5 if any. */
export function applyGate(results: Results, conditions: readonly GateCondition[]): void {
  if (conditions.length === 0) return;
  checkGateMetrics(results, conditions);
  const outcomes = conditions.map((c) => evaluateGate(results, c));
  const lines = gateReport(outcomes);
  if (lines.length === 0) return;
  const bad = outcomes.filter((o) => o.status !== 'passed').length;
  throw new UserError(`${lines.join('\n')}\n${bad} of ${conditions.length} --fail-on condition(s) failed`, { exitCode: EXIT.gate });
}
