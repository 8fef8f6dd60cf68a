/**
 * The CI gate (`--fail-on`): conditions on any metric of any group, or of the run summary, that
 * make the command exit with EXIT.gate when they hold. Grammar (docs/report.md):
 *
 *   condition := probe [ '[' selector ']' ] '.' metric [ '.' field ] op number
 *   selector  := '*' | 'summary' | label '=' value { ',' label '=' value }
 *   field     := 'value' | 'n' | 'ci.low' | 'ci.high'
 *              | 'effect' | 'effect.ci.low' | 'effect.ci.high' | 'effect.p' | 'effect.p_holm'
 *   op        := '>' | '>=' | '<' | '<=' | '==' | '!='
 *
 * Without a selector the condition is checked on every baseline group (each model × dataset
 * without a condition), whatever the number of models: the target never changes silently with
 * the run's shape. `[summary]` checks the probe's summary (the mean of the baseline group means;
 * with one group, that group's value); with label=value pairs, every group whose labels match;
 * `*` = every group, conditions included. A value that is undefined (no such probe, group or
 * metric; a null value; no interval) makes the condition undecidable, which fails the gate too: a
 * CI check that cannot be evaluated must not pass silently. A selector value that matches nothing
 * but is close to a value the run has is a misspelling: a usage error with the likely name.
 *
 * An `effect…` field is checked on the run's paired effects of that metric (mitigated − baseline,
 * the one paired comparison every screen shows): every condition's, or those whose labels match
 * the selector.
 */
import { didYouMeanText } from '../core/did-you-mean.js';
import { UserError } from '../core/errors.js';
import { registeredProbeNames } from '../probes/manifests.js';
import type { EffectJson, MetricJson, ProbeResult, Results } from '../results/schema.js';
import { conditionOf } from '../results/presentation.js';

type GateOp = '>' | '>=' | '<' | '<=' | '==' | '!=';
type GateField = 'value' | 'n' | 'ci.low' | 'ci.high' | 'effect' | 'effect.ci.low' | 'effect.ci.high' | 'effect.p' | 'effect.p_holm';

export interface GateCondition {
  text: string;
  probe: string;
  /** undefined: every baseline group; `all`: every group; `summary`: the probe's summary */
  selector?: { all: boolean; summary?: boolean; labels: Record<string, string> };
  metric: string;
  field: GateField;
  op: GateOp;
  threshold: number;
}

interface GateOutcome {
  condition: GateCondition;
  /** 'failed': holds for at least one target; 'undecidable': some target had no value */
  status: 'passed' | 'failed' | 'undecidable';
  /** each target checked: where and its value */
  checks: { where: string; value: number | null; holds: boolean | null; why?: string }[];
}

const RE = /^\s*([A-Za-z][\w-]*)\s*(?:\[([^\]]*)\])?\s*\.\s*([\w@-]+)((?:\.(?:value|n|ci\.low|ci\.high|effect(?:\.ci\.low|\.ci\.high|\.p_holm|\.p)?))?)\s*(>=|<=|==|!=|>|<)\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*$/;

/**
 * Refuse a probe name no probe has: a usage error naming the likely one. `known`: the probes known
 * now (the built-in ones and those the config's plugins registered, see registeredProbeNames).
 */
function checkProbeName(c: { text: string; probe: string }, known: readonly string[]): void {
  if (known.includes(c.probe)) return;
  throw new UserError(`--fail-on "${c.text}": no probe is called "${c.probe}"${didYouMeanText(c.probe, known)}; the probes are ${known.join(', ')}`, { hint: "a plugin's probe is known once the config that names the plugin is read; see docs/report.md for the --fail-on grammar" });
}

/**
 * A --fail-on condition. Its probe is checked against `probes` (default: every probe registered
 * now, plugins' included); `probes: undefined` leaves the check to checkGateMetrics, which knows
 * the run's own probes (`slant report` reads a run whose plugins it does not load).
 */
export function parseGateCondition(text: string, opts: { probes?: readonly string[] } = { probes: registeredProbeNames() }): GateCondition {
  const m = RE.exec(text);
  if (!m) {
    throw new UserError(`--fail-on "${text}": expected probe[.label=value,…].metric[.value|.n|.ci.low|.ci.high|.effect|.effect.ci.low|.effect.ci.high|.effect.p|.effect.p_holm] OP number`, {
      hint: 'e.g. --fail-on "framing.phi_frame > 0.2" or --fail-on "primacy[model=gpt-4o].psi_pri.ci.high > 0.15"; see docs/report.md',
    });
  }
  const [, probe, sel, metric, field, op, num] = m as unknown as [string, string, string | undefined, string, string, GateOp, string];
  if (opts.probes) checkProbeName({ text: text.trim(), probe }, opts.probes);
  const c: GateCondition = { text: text.trim(), probe, metric, field: (field.slice(1) || 'value') as GateField, op, threshold: Number(num) };
  if (sel !== undefined) {
    const s = sel.trim();
    if (s === '*') c.selector = { all: true, labels: {} };
    else if (s === 'summary') c.selector = { all: false, summary: true, labels: {} };
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

/** Whether labels match a selector's pairs; `condition=baseline` matches the groups without a condition. */
function matches(labels: Record<string, string>, pairs: Record<string, string>): boolean {
  return Object.entries(pairs).every(([k, v]) => (k === 'condition' && v === 'baseline' ? conditionOf(labels) === undefined : labels[k] === v));
}

const groupWhere = (probe: string, labels: Record<string, string>): string => `${probe}[${Object.entries(labels).map(([k, v]) => `${k}=${v}`).join(',')}]`;

function effectValue(e: EffectJson, f: GateField): number | null {
  if (f === 'effect') return e.difference;
  if (f === 'effect.p') return e.test?.pValue ?? null;
  if (f === 'effect.p_holm') return e.pHolm ?? null;
  if (!e.ci) return null;
  return f === 'effect.ci.low' ? e.ci.low : e.ci.high;
}

/** An effect… condition: on the probe's paired effects of the metric (those the selector matches). */
function evaluateEffects(probe: ProbeResult, c: GateCondition, out: GateOutcome): GateOutcome {
  const effects = (probe.effects ?? []).filter((e) => e.metric === c.metric && (!c.selector || c.selector.all || matches(e.labels, c.selector.labels)));
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
    if (!probe) {
      // not measured by this run: a probe slant or a loaded plugin knows stays undecidable, any other name is a misspelling
      checkProbeName(c, [...new Set([...registeredProbeNames(), ...results.probes.map((p) => p.probe)])]);
      continue;
    }
    checkSelector(probe, c);
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

/**
 * A selector label=value that no group (or effect) of the probe carries, when the run has a value
 * close to it (or no such label at all): a misspelling, refused as a usage error that names the
 * likely value, instead of an "undecidable" no CI log explains.
 */
function checkSelector(probe: ProbeResult, c: GateCondition): void {
  const labelled = [...probe.groups.map((g) => g.labels), ...(probe.effects ?? []).map((e) => e.labels)];
  for (const [k, v] of Object.entries(c.selector?.labels ?? {})) {
    const keys = [...new Set([...labelled.flatMap((l) => Object.keys(l)), ...(probe.groups.length ? ['condition'] : [])])];
    if (!keys.includes(k)) {
      throw new UserError(`--fail-on "${c.text}": the ${c.probe} groups have no label "${k}"${didYouMeanText(k, keys)}; their labels are ${keys.join(', ')}`, { hint: 'see docs/report.md for the --fail-on grammar' });
    }
    const values = [...new Set([...labelled.map((l) => l[k]).filter((x): x is string => x !== undefined), ...(k === 'condition' ? ['baseline'] : [])])];
    if (!values.includes(v) && didYouMeanText(v, values) !== '') {
      throw new UserError(`--fail-on "${c.text}": no ${c.probe} group has ${k}=${v}${didYouMeanText(v, values)}; the run's ${k} values are ${values.join(', ')}`, { hint: 'see docs/report.md for the --fail-on grammar' });
    }
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
  const baseline = probe.groups.filter((g) => conditionOf(g.labels) === undefined && g.notApplicable === undefined);
  if (c.selector?.summary) {
    // the mean of the baseline group means; with one group there is no summary, and the mean of one group's value is that value
    if (probe.summary?.some((m) => m.name === c.metric)) targets.push({ where: `${c.probe} summary`, metrics: probe.summary });
    else if (baseline.length === 1) targets.push({ where: `${c.probe} summary (one group: ${groupWhere(c.probe, baseline[0]!.labels)})`, metrics: baseline[0]!.metrics });
  } else {
    for (const g of c.selector === undefined ? baseline : probe.groups) {
      if (c.selector && !c.selector.all && !matches(g.labels, c.selector.labels)) continue;
      targets.push({ where: groupWhere(c.probe, g.labels), metrics: g.metrics });
    }
  }
  if (targets.length === 0) {
    out.status = 'undecidable';
    out.checks.push({ where: c.probe, value: null, holds: null, why: c.selector?.summary ? `no summary of "${c.metric}" (${baseline.length} baseline groups)` : c.selector === undefined ? 'no baseline group' : `no group matches [${Object.entries(c.selector.labels).map(([k, v]) => `${k}=${v}`).join(',')}]` });
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
