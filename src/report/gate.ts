/**
 * The CI gate (`--fail-on`): conditions on any metric of any group, or of the run summary, that
 * make the command exit with EXIT.gate when they hold. Grammar (docs/report.md):
 *
 *   condition := probe [ '[' selector ']' ] '.' metric [ '.' field ] op number
 *   selector  := '*' | label '=' value { ',' label '=' value }
 *   field     := 'value' | 'n' | 'ci.low' | 'ci.high'
 *              | 'effect' | 'effect.ci.low' | 'effect.ci.high' | 'effect.p' | 'effect.p_holm'
 *   op        := '>' | '>=' | '<' | '<=' | '==' | '!='
 *
 * Without a selector the condition is checked on the probe's summary (mean of the group means)
 * when it has that metric, else on every group. With one, on every group whose labels match
 * (`*` = every group). A value that is undefined (no such probe, group or metric; a null value;
 * no interval) makes the condition undecidable, which fails the gate too: a CI check that cannot
 * be evaluated must not pass silently.
 *
 * An `effect…` field is checked on the run's paired effects of that metric (mitigated − baseline,
 * the one paired comparison every screen shows): every condition's, or those whose labels match
 * the selector.
 */
import { didYouMeanText } from '../core/did-you-mean.js';
import { UserError } from '../core/errors.js';
import { PROBE_NAMES } from '../probes/names.js';
import type { EffectJson, MetricJson, ProbeResult, Results } from '../results/schema.js';

export type GateOp = '>' | '>=' | '<' | '<=' | '==' | '!=';
export type GateField = 'value' | 'n' | 'ci.low' | 'ci.high' | 'effect' | 'effect.ci.low' | 'effect.ci.high' | 'effect.p' | 'effect.p_holm';

export interface GateCondition {
  text: string;
  probe: string;
  /** undefined: summary (or every group); {} with all: every group */
  selector?: { all: boolean; labels: Record<string, string> };
  metric: string;
  field: GateField;
  op: GateOp;
  threshold: number;
}

export interface GateOutcome {
  condition: GateCondition;
  /** 'failed': holds for at least one target; 'undecidable': some target had no value */
  status: 'passed' | 'failed' | 'undecidable';
  /** each target checked: where and its value */
  checks: { where: string; value: number | null; holds: boolean | null; why?: string }[];
}

const RE = /^\s*([A-Za-z][\w-]*)\s*(?:\[([^\]]*)\])?\s*\.\s*([\w@-]+)((?:\.(?:value|n|ci\.low|ci\.high|effect(?:\.ci\.low|\.ci\.high|\.p_holm|\.p)?))?)\s*(>=|<=|==|!=|>|<)\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*$/;

export function parseGateCondition(text: string): GateCondition {
  const m = RE.exec(text);
  if (!m) {
    throw new UserError(`--fail-on "${text}": expected probe[.label=value,…].metric[.value|.n|.ci.low|.ci.high|.effect|.effect.ci.low|.effect.ci.high|.effect.p|.effect.p_holm] OP number`, {
      hint: 'e.g. --fail-on "framing.phi_frame > 0.2" or --fail-on "primacy[model=gpt-4o].psi_pri.ci.high > 0.15"; see docs/report.md',
    });
  }
  const [, probe, sel, metric, field, op, num] = m as unknown as [string, string, string | undefined, string, string, GateOp, string];
  if (!(PROBE_NAMES as readonly string[]).includes(probe)) {
    throw new UserError(`--fail-on "${text.trim()}": no probe is called "${probe}"${didYouMeanText(probe, PROBE_NAMES)}; the probes are ${PROBE_NAMES.join(', ')}`, { hint: 'see docs/report.md for the --fail-on grammar' });
  }
  const c: GateCondition = { text: text.trim(), probe, metric, field: (field.slice(1) || 'value') as GateField, op, threshold: Number(num) };
  if (sel !== undefined) {
    const s = sel.trim();
    if (s === '*') c.selector = { all: true, labels: {} };
    else {
      const labels: Record<string, string> = {};
      for (const part of s.split(',')) {
        const eq = part.indexOf('=');
        if (eq <= 0) throw new UserError(`--fail-on "${text}": selector "[${sel}]" must be * or label=value pairs separated by commas`);
        labels[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
      }
      c.selector = { all: false, labels };
    }
  }
  return c;
}

function effectValue(e: EffectJson, f: GateField): number | null {
  if (f === 'effect') return e.difference;
  if (f === 'effect.p') return e.test?.pValue ?? null;
  if (f === 'effect.p_holm') return e.pHolm ?? null;
  if (!e.ci) return null;
  return f === 'effect.ci.low' ? e.ci.low : e.ci.high;
}

/** An effect… condition: on the probe's paired effects of the metric (those the selector matches). */
function evaluateEffects(probe: ProbeResult, c: GateCondition, out: GateOutcome): GateOutcome {
  const effects = (probe.effects ?? []).filter((e) => e.metric === c.metric && (!c.selector || c.selector.all || Object.entries(c.selector.labels).every(([k, v]) => e.labels[k] === v)));
  if (effects.length === 0) {
    out.status = 'undecidable';
    out.checks.push({ where: c.probe, value: null, holds: null, why: probe.effects ? `no paired effect on "${c.metric}"${c.selector && !c.selector.all ? ` for [${Object.entries(c.selector.labels).map(([k, v]) => `${k}=${v}`).join(',')}]` : ''}` : 'this run has no paired effects (no mitigation conditions)' });
    return out;
  }
  for (const e of effects) {
    const where = `${c.probe}[${Object.entries(e.labels).map(([k, v]) => `${k}=${v}`).join(',')}]`;
    const v = effectValue(e, c.field);
    if (v === null || !Number.isFinite(v)) out.checks.push({ where, value: null, holds: null, why: `${c.metric}.${c.field} is undefined (n = ${e.n})` });
    else out.checks.push({ where, value: v, holds: OPS[c.op](v, c.threshold) });
  }
  if (out.checks.some((x) => x.holds === true)) out.status = 'failed';
  else if (out.checks.some((x) => x.holds === null)) out.status = 'undecidable';
  return out;
}

function fieldValue(m: MetricJson, f: GateField): number | null {
  if (f === 'value') return m.value;
  if (f === 'n') return m.n;
  if (!m.ci) return null;
  return f === 'ci.low' ? m.ci.low : m.ci.high;
}

const OPS: Record<GateOp, (a: number, b: number) => boolean> = {
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
};

/**
 * Refuse, as a usage error (exit 2, not a gate failure), a condition whose metric this run's probe
 * reports nowhere (not in its summary, in no group and in no paired effect): that is a misspelt
 * name, which no run would ever decide, so it says which names exist and the likely one. A metric
 * that some groups report and others lack stays undecidable for those groups (exit 5), and so does
 * a probe the run did not measure (the same CI check may be given runs of different probes).
 */
export function checkGateMetrics(results: Results, conditions: readonly GateCondition[]): void {
  for (const c of conditions) {
    const probe = results.probes.find((p) => p.probe === c.probe);
    if (!probe) continue;
    const names = new Set<string>();
    if (c.field.startsWith('effect')) for (const e of probe.effects ?? []) names.add(e.metric);
    else for (const m of [...(probe.summary ?? []), ...probe.groups.flatMap((g) => g.metrics)]) names.add(m.name);
    if (names.size === 0 || names.has(c.metric)) continue;
    const known = [...names].sort();
    throw new UserError(
      `--fail-on "${c.text}": ${c.probe} reports no ${c.field.startsWith('effect') ? 'paired effect on a ' : ''}metric "${c.metric}"${didYouMeanText(c.metric, known)}; it reports ${known.join(', ')}`,
      { hint: 'metric names are those in results.json and the report; see docs/report.md' },
    );
  }
}

export function evaluateGate(results: Results, c: GateCondition): GateOutcome {
  const probe = results.probes.find((p) => p.probe === c.probe);
  const out: GateOutcome = { condition: c, status: 'passed', checks: [] };
  if (!probe) {
    out.status = 'undecidable';
    out.checks.push({ where: c.probe, value: null, holds: null, why: `no probe "${c.probe}" in this run (probes: ${results.probes.map((p) => p.probe).join(', ') || 'none'})` });
    return out;
  }
  if (c.field.startsWith('effect')) return evaluateEffects(probe, c, out);
  const targets: { where: string; metrics: MetricJson[] }[] = [];
  const summary = probe.summary?.find((m) => m.name === c.metric);
  if (!c.selector && summary) targets.push({ where: `${c.probe} summary`, metrics: probe.summary ?? [] });
  else {
    for (const g of probe.groups) {
      if (c.selector && !c.selector.all && !Object.entries(c.selector.labels).every(([k, v]) => g.labels[k] === v)) continue;
      targets.push({ where: `${c.probe}[${Object.entries(g.labels).map(([k, v]) => `${k}=${v}`).join(',')}]`, metrics: g.metrics });
    }
  }
  if (targets.length === 0) {
    out.status = 'undecidable';
    out.checks.push({ where: c.probe, value: null, holds: null, why: `no group matches [${Object.entries(c.selector?.labels ?? {}).map(([k, v]) => `${k}=${v}`).join(',')}]` });
    return out;
  }
  for (const t of targets) {
    const m = t.metrics.find((x) => x.name === c.metric);
    if (!m) {
      out.checks.push({ where: t.where, value: null, holds: null, why: `no metric "${c.metric}" (has: ${t.metrics.map((x) => x.name).slice(0, 12).join(', ')}${t.metrics.length > 12 ? ', …' : ''})` });
      continue;
    }
    const v = fieldValue(m, c.field);
    if (v === null || !Number.isFinite(v)) {
      out.checks.push({ where: t.where, value: null, holds: null, why: `${c.metric}${c.field === 'value' ? '' : `.${c.field}`} is undefined (n = ${m.n})` });
      continue;
    }
    out.checks.push({ where: t.where, value: v, holds: OPS[c.op](v, c.threshold) });
  }
  if (out.checks.some((x) => x.holds === true)) out.status = 'failed';
  else if (out.checks.some((x) => x.holds === null)) out.status = 'undecidable';
  return out;
}

/** One line per condition that failed or could not be decided; empty when the gate passes. */
export function gateReport(outcomes: readonly GateOutcome[]): string[] {
  const lines: string[] = [];
  for (const o of outcomes) {
    if (o.status === 'passed') continue;
    const bad = o.checks.filter((x) => (o.status === 'failed' ? x.holds === true : x.holds === null));
    for (const x of bad) {
      lines.push(
        o.status === 'failed'
          ? `fail-on: "${o.condition.text}" holds: ${x.where} ${o.condition.metric}${o.condition.field === 'value' ? '' : `.${o.condition.field}`} = ${Number(x.value?.toPrecision(6))} ${o.condition.op} ${o.condition.threshold}`
          : `fail-on: "${o.condition.text}" is undecidable: ${x.where}: ${x.why ?? 'no value'}`,
      );
    }
  }
  return lines;
}
