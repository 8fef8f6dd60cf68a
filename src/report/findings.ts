/**
 * What a run found, per model, in plain sentences: the first thing every report shows (terminal,
 * report.html, `slant view`, `slant report --format md`). Built from the results behind the report
 * model, never from a renderer's text: each sentence carries the numbers it states (value, 95%
 * interval, n, the judge-corrected value) and how far its instrument can be trusted, so a renderer
 * can print the text and a test can check it against the model.
 *
 * Which sentence a number earns is decided by the wording rules (findings-wording.ts): a bias or a
 * mitigation's effect is stated only where its interval supports it; otherwise the sentence says
 * that nothing differs. Per model at most MAX_FINDINGS sentences: the mitigations that differ
 * from the baseline first (they answer a run with conditions), then the biases shown, then what
 * was not shown, then the instruments without an accuracy card.
 */
import type { JudgeCard } from '../judges/card.js';
import { conditionOf, type ItemLink, type MetricKind } from '../results/presentation.js';
import type { EffectJson, GroupResultJson, MetricJson, ProbeResult, Results } from '../results/schema.js';
import { above, apart, cardWords, effectSign, listWords, metricHeading, nWords, sentence, statWords, trustVerdict, valueWords, type TrustVerdict } from './findings-wording.js';

/** A number a finding states, with what it is and where it comes from. */
export interface FindingFigure {
  /** the metric's name in results.json */
  metric: string;
  /** what it means, then its symbol ("primacy bias rate ψ_pri") */
  heading: string;
  value: number | null;
  ci?: { low: number | null; high: number | null };
  n: number;
  kind?: MetricKind;
  /** model, dataset and (for an effect) condition */
  labels: Record<string, string>;
  /** a paired effect, mitigated − baseline */
  difference?: boolean;
  /** the effect's Holm-adjusted p-value across the probe's tests */
  pHolm?: number | null;
  /** the same rate corrected for the judge's measured error */
  corrected?: { value: number | null; ci?: { low: number | null; high: number | null }; n: number };
}

/** The instrument behind a finding and how far its numbers can be trusted. */
export interface FindingTrust {
  judge: string;
  version: string;
  balancedAccuracy: number | null;
  verdict: TrustVerdict;
}

/**
 * `shown`: the interval supports the finding; `none`: nothing differs (the sentence says so);
 * `instrument`: what is known of a measuring instrument.
 */
export type FindingStatus = 'shown' | 'none' | 'instrument';

export interface Finding {
  probe: string;
  /** 'effect' for a mitigation against the baseline, else the bias or measure the sentence is about */
  subject: string;
  status: FindingStatus;
  text: string;
  figures: FindingFigure[];
  trust?: FindingTrust;
  /** where the items behind the finding are */
  link?: ItemLink;
}

export interface ModelFindings {
  model: string;
  findings: Finding[];
}

export const MAX_FINDINGS = 6;

const metric = (g: GroupResultJson | undefined, name: string): MetricJson | undefined => g?.metrics.find((m) => m.name === name);

function figure(g: GroupResultJson, m: MetricJson): FindingFigure {
  const corrected = metric(g, `${m.name}_corrected`);
  return {
    metric: m.name,
    heading: metricHeading(m.name, m.label.split(' (')[0]),
    value: m.value,
    n: m.n,
    labels: g.labels,
    ...(m.ci ? { ci: { low: m.ci.low, high: m.ci.high } } : {}),
    ...(m.kind ? { kind: m.kind } : {}),
    ...(corrected ? { corrected: { value: corrected.value, n: corrected.n, ...(corrected.ci ? { ci: { low: corrected.ci.low, high: corrected.ci.high } } : {}) } } : {}),
  };
}

interface Context {
  model: string;
  /** more than one dataset in the run: clauses name theirs */
  datasets: number;
}

const on = (ctx: Context, g: { labels: Record<string, string> }): string => (ctx.datasets > 1 && g.labels.dataset ? ` on ${g.labels.dataset}` : '');
const n = (m: MetricJson): string => nWords(m.n, m.excluded ? { excluded: m.excluded } : {});
const link = (probe: string, g: GroupResultJson, filter?: string): ItemLink => ({ probe, labels: g.labels, ...(filter ? { filter } : {}) });

/** The one carded judge of a probe, as trust. */
function trustOf(p: ProbeResult): { card: JudgeCard; trust: FindingTrust } | undefined {
  const j = p.judges.find((x) => x.card);
  if (!j?.card) return undefined;
  return { card: j.card, trust: { judge: j.id, version: j.version, balancedAccuracy: j.card.balancedAccuracy, verdict: trustVerdict(j.card) } };
}

/** "; the judge offline-framing scores balanced accuracy 0.64 on … : read with care" after a rate a carded judge made. */
function trustClause(t: { card: JudgeCard; trust: FindingTrust } | undefined): string {
  if (!t) return '';
  const judged = `the judge ${t.trust.judge} scores ${cardWords(t.card)}`;
  if (t.trust.verdict === 'read with care') return `; ${judged}: read with care`;
  if (t.trust.verdict === 'fair') return `; ${judged}: fair, the corrected value accounts for its error`;
  return `; ${judged}`;
}

/** One sentence from per-dataset clauses of the same kind. */
function joined(head: string, clauses: readonly string[], tail = ''): string {
  return sentence(`${head}${clauses.join('; ')}${tail}`, { name: true });
}

function framingFindings(p: ProbeResult, gs: readonly GroupResultJson[], ctx: Context): Finding[] {
  const t = trustOf(p);
  const shown: GroupResultJson[] = [];
  const none: GroupResultJson[] = [];
  for (const g of gs) {
    const phi = metric(g, 'phi_frame');
    if (!phi) continue;
    // with a judge card, the corrected rate decides: a raw rate above 0 may be the judge's own error
    const tested = metric(g, 'phi_frame_corrected') ?? phi;
    (phi.value !== null && above(tested.ci, 0) ? shown : none).push(g);
  }
  // "40% [22, 61] of its summaries on demo-reviews (n = 20) and 45% [..] on demo-interviews (n = 20); once corrected for the judge's measured error, 35% [..] and 44% [..]"
  const rates = (xs: readonly GroupResultJson[]): string => {
    const raw = xs.map((g, i) => `${statWords(metric(g, 'phi_frame')!)}${i === 0 ? ' of its summaries' : ''}${on(ctx, g)} ${n(metric(g, 'phi_frame')!)}`);
    const corrected = xs.map((g) => metric(g, 'phi_frame_corrected')).filter((c): c is MetricJson => c !== undefined);
    return `${listWords(raw)}${corrected.length === xs.length ? `; once corrected for the judge's measured error, ${listWords(corrected.map((c) => statWords(c)))}` : ''}`;
  };
  const out: Finding[] = [];
  const base = { probe: 'framing', subject: 'framing', ...(t ? { trust: t.trust } : {}) };
  const figs = (xs: readonly GroupResultJson[]): FindingFigure[] => xs.map((g) => figure(g, metric(g, 'phi_frame')!));
  if (shown.length) out.push({ ...base, status: 'shown', text: sentence(`${ctx.model} changed the framing of ${rates(shown)}${trustClause(t)}`, { name: true }), figures: figs(shown), link: link('framing', shown[0]!, 'changed') });
  if (none.length) {
    const why = none.some((g) => metric(g, 'phi_frame_corrected')) ? 'changed no more framing than the judge’s measured error explains' : 'is not shown to change framing';
    out.push({ ...base, status: 'none', text: sentence(`${ctx.model} ${why}: ${rates(none)}${trustClause(t)}`, { name: true }), figures: figs(none), link: link('framing', none[0]!) });
  }
  return out;
}

function primacyFindings(p: ProbeResult, gs: readonly GroupResultJson[], ctx: Context): Finding[] {
  const first: { g: GroupResultJson; clause: string; figs: FindingFigure[] }[] = [];
  const last: typeof first = [];
  const neither: typeof first = [];
  for (const g of gs) {
    const [b, m, e, gap, psi] = ['mean_s_b', 'mean_s_m', 'mean_s_e', 'mean_s_b_minus_s_m', 'psi_pri'].map((x) => metric(g, x));
    if (!b || !m || !e) continue;
    let placed = false;
    // primacy (seed 000, eq. 2): the beginning over the middle, by the paired difference's interval
    if (gap && above(gap.ci, 0)) {
      const full = first.length === 0;
      first.push({ g, clause: `${full ? 'similarity to the first third ' : ''}${statWords(b)} against ${valueWords(m.value, m.kind)}${full ? ' to the middle' : ''}${on(ctx, g)} ${n(b)}${psi ? `, ${full ? 'primacy bias rate ' : ''}ψ_pri ${statWords(psi)}` : ''}`, figs: [figure(g, b), figure(g, m), ...(psi ? [figure(g, psi)] : [])] });
      placed = true;
    }
    // recency, measured apart from primacy as the paper says: the end above both other thirds
    if (apart(e.ci, b.ci) && apart(e.ci, m.ci)) {
      const full = last.length === 0;
      last.push({ g, clause: `${full ? 'similarity to the last third ' : ''}${statWords(e)} against ${valueWords(b.value, b.kind)}${full ? ' to the first' : ''} and ${valueWords(m.value, m.kind)}${full ? ' to the middle' : ''}${on(ctx, g)} ${n(e)}`, figs: [figure(g, e), figure(g, b), figure(g, m)] });
      placed = true;
    }
    if (!placed) neither.push({ g, clause: `${neither.length === 0 ? 'similarity ' : ''}${valueWords(b.value, b.kind)}, ${valueWords(m.value, m.kind)} and ${valueWords(e.value, e.kind)}${neither.length === 0 ? ' to the first, middle and last third' : ''}${on(ctx, g)} ${n(b)}`, figs: [figure(g, b), figure(g, m), figure(g, e)] });
  }
  const out: Finding[] = [];
  if (first.length) out.push({ probe: 'primacy', subject: 'primacy', status: 'shown', text: joined(`${ctx.model} draws on the beginning of its sources: `, first.map((c) => c.clause)), figures: first.flatMap((c) => c.figs), link: link('primacy', first[0]!.g) });
  if (last.length) out.push({ probe: 'primacy', subject: 'recency', status: 'shown', text: joined(`${ctx.model} draws on the end of its sources: `, last.map((c) => c.clause)), figures: last.flatMap((c) => c.figs), link: link('primacy', last[0]!.g) });
  if (neither.length) out.push({ probe: 'primacy', subject: 'position', status: 'none', text: joined(`${ctx.model} favours no third of its sources: `, neither.map((c) => c.clause), ', no difference beyond the intervals'), figures: neither.flatMap((c) => c.figs), link: link('primacy', neither[0]!.g) });
  return out;
}

function positionFindings(p: ProbeResult, gs: readonly GroupResultJson[], ctx: Context): Finding[] {
  const out: Finding[] = [];
  for (const [sign, subject, words] of [[-1, 'lead', 'draws on earlier parts of the articles than the human summaries do'], [1, 'tail', 'draws on later parts of the articles than the human summaries do'], [0, 'position', 'shows no shift against the human summaries']] as const) {
    const hits = gs.filter((g) => metric(g, 'position_shift') && effectSign(metric(g, 'position_shift')!.ci) === sign);
    if (!hits.length) continue;
    const clauses = hits.map((g) => {
      const s = metric(g, 'position_shift')!;
      const w = metric(g, 'wasserstein');
      return `position shift ${statWords(s)} of the article's length${w ? `, distance ${statWords(w)}` : ''}${on(ctx, g)} ${n(s)}`;
    });
    out.push({ probe: 'position', subject, status: sign === 0 ? 'none' : 'shown', text: joined(`${ctx.model} ${words}: `, clauses), figures: hits.flatMap((g) => [figure(g, metric(g, 'position_shift')!), ...(metric(g, 'wasserstein') ? [figure(g, metric(g, 'wasserstein')!)] : [])]), link: link('position', hits[0]!) });
  }
  return out;
}

function wildframeFindings(p: ProbeResult, gs: readonly GroupResultJson[], ctx: Context): Finding[] {
  const t = trustOf(p);
  const rated = gs.filter((g) => metric(g, 'shift_rate'));
  const shown = rated.filter((g) => above((metric(g, 'shift_rate_corrected') ?? metric(g, 'shift_rate'))!.ci, 0));
  const none = rated.filter((g) => !shown.includes(g));
  const clause = (g: GroupResultJson): string => {
    const s = metric(g, 'shift_rate')!;
    const c = metric(g, 'shift_rate_corrected');
    const r = metric(g, 'pearson_r');
    const h = metric(g, 'human_shift_rate');
    return `${statWords(s)} of statements${on(ctx, g)} ${n(s)}${c ? `, ${statWords(c)} once corrected for the judge's measured error` : ''}${h ? `, against ${valueWords(h.value, h.kind)} of people` : ''}${r && above(r.ci, 0) ? `, in step with people: Pearson r ${statWords(r)}` : ''}`;
  };
  const out: Finding[] = [];
  const base = { probe: 'wildframe', subject: 'framing susceptibility', ...(t ? { trust: t.trust } : {}) };
  if (shown.length) out.push({ ...base, status: 'shown', text: joined(`${ctx.model} follows added framing in `, shown.map(clause), trustClause(t)), figures: shown.map((g) => figure(g, metric(g, 'shift_rate')!)), link: link('wildframe', shown[0]!) });
  if (none.length) out.push({ ...base, status: 'none', text: joined(`${ctx.model} is not shown to follow added framing: `, none.map(clause), trustClause(t)), figures: none.map((g) => figure(g, metric(g, 'shift_rate')!)), link: link('wildframe', none[0]!) });
  return out;
}

function certaintyFindings(p: ProbeResult, gs: readonly GroupResultJson[], ctx: Context): Finding[] {
  const t = trustOf(p);
  const out: Finding[] = [];
  const base = { probe: 'certainty', ...(t ? { trust: t.trust } : {}) };
  const withCd = gs.filter((g) => metric(g, 'cd'));
  const clause = (g: GroupResultJson): string => {
    const cd = metric(g, 'cd')!;
    const c = metric(g, 'cd_corrected');
    return `${statWords(cd)} of its rewrites${on(ctx, g)} ${n(cd)}${c ? `, ${statWords(c)} once corrected for the judge's measured error` : ''}`;
  };
  const changed = withCd.filter((g) => above((metric(g, 'cd_corrected') ?? metric(g, 'cd'))!.ci, 0));
  if (changed.length) out.push({ ...base, subject: 'certainty distortion', status: 'shown', text: joined(`${ctx.model} changed the certainty of `, changed.map(clause), trustClause(t)), figures: changed.map((g) => figure(g, metric(g, 'cd')!)), link: link('certainty', changed[0]!) });
  const unchanged = withCd.filter((g) => !changed.includes(g));
  if (unchanged.length) out.push({ ...base, subject: 'certainty distortion', status: 'none', text: joined(`${ctx.model} is not shown to change certainty: `, unchanged.map(clause), trustClause(t)), figures: unchanged.map((g) => figure(g, metric(g, 'cd')!)), link: link('certainty', unchanged[0]!) });
  // the asymmetry the paper reports (more often more certain): CD↑ against CD↓, when their intervals part
  for (const [up, words] of [[true, 'makes its rewrites more certain more often than less certain'], [false, 'makes its rewrites less certain more often than more certain']] as const) {
    const hits = withCd.filter((g) => {
      const u = metric(g, 'cd_up');
      const d = metric(g, 'cd_down');
      return u && d && (up ? apart(u.ci, d.ci) : apart(d.ci, u.ci));
    });
    if (!hits.length) continue;
    const cl = hits.map((g) => `CD↑ ${statWords(metric(g, 'cd_up')!)} against CD↓ ${statWords(metric(g, 'cd_down')!)}${on(ctx, g)} ${n(metric(g, 'cd_up')!)}`);
    out.push({ ...base, subject: up ? 'certainty inflation' : 'certainty deflation', status: 'shown', text: joined(`${ctx.model} ${words}: `, cl), figures: hits.flatMap((g) => [figure(g, metric(g, 'cd_up')!), figure(g, metric(g, 'cd_down')!)]), link: link('certainty', hits[0]!) });
  }
  return out;
}

function hallucinationFindings(p: ProbeResult, gs: readonly GroupResultJson[], ctx: Context): Finding[] {
  const out: Finding[] = [];
  for (const [sign, words] of [[1, 'is less accurate on news after its knowledge cutoff'], [-1, 'is more accurate on news after its knowledge cutoff'], [0, 'is not shown to differ in accuracy across its knowledge cutoff']] as const) {
    const hits = gs.filter((g) => metric(g, 'delta_h_signed') && metric(g, 'strict_acc_pre') && metric(g, 'strict_acc_post') && effectSign(metric(g, 'delta_h_signed')!.ci) === sign);
    if (!hits.length) continue;
    const cl = hits.map((g) => {
      const pre = metric(g, 'strict_acc_pre')!;
      const post = metric(g, 'strict_acc_post')!;
      return `both of a true/falsified pair judged right in ${statWords(pre)} before ${nWords(pre.n)} against ${statWords(post)} after${on(ctx, g)} ${n(post)}`;
    });
    out.push({ probe: 'hallucination', subject: 'hallucination', status: sign === 0 ? 'none' : 'shown', text: joined(`${ctx.model} ${words}: `, cl), figures: hits.flatMap((g) => [figure(g, metric(g, 'strict_acc_pre')!), figure(g, metric(g, 'strict_acc_post')!)]), link: link('hallucination', hits[0]!) });
  }
  return out;
}

/** A probe this module has no rule for: its first metric, stated as measured. */
function otherFindings(p: ProbeResult, gs: readonly GroupResultJson[], ctx: Context): Finding[] {
  const hits = gs.filter((g) => g.metrics.some((m) => m.value !== null));
  if (!hits.length) return [];
  const cl = hits.map((g) => {
    const m = g.metrics.find((x) => x.value !== null)!;
    return `${metricHeading(m.name, m.label)} ${statWords(m)}${on(ctx, g)} ${n(m)}`;
  });
  return [{ probe: p.probe, subject: p.probe, status: 'instrument', text: joined(`${ctx.model}, ${p.probe}: `, cl), figures: hits.map((g) => figure(g, g.metrics.find((x) => x.value !== null)!)), link: link(p.probe, hits[0]!) }];
}

const RULES: Record<string, (p: ProbeResult, gs: readonly GroupResultJson[], ctx: Context) => Finding[]> = {
  framing: framingFindings,
  primacy: primacyFindings,
  position: positionFindings,
  wildframe: wildframeFindings,
  certainty: certaintyFindings,
  hallucination: hallucinationFindings,
};

type Effect = EffectJson & { probe: string };

/** Mitigations against the baseline: one sentence per condition that differs, one for those that do not. */
function effectFindings(results: Results, ctx: Context): Finding[] {
  const effects: Effect[] = results.probes.flatMap((p) => (p.effects ?? []).filter((e) => e.labels.model === ctx.model).map((e) => ({ ...e, probe: p.probe })));
  if (!effects.length) return [];
  const conditions = [...new Set(effects.map((e) => e.labels.condition ?? ''))];
  const fig = (e: Effect): FindingFigure => ({
    metric: e.metric,
    heading: metricHeading(e.metric, e.label.split(' (')[0]),
    value: e.difference,
    n: e.n,
    labels: e.labels,
    difference: true,
    ...(e.ci ? { ci: { low: e.ci.low, high: e.ci.high } } : {}),
    ...(e.kind ? { kind: e.kind } : {}),
    ...(e.pHolm !== undefined ? { pHolm: e.pHolm } : {}),
  });
  const out: Finding[] = [];
  const quiet: string[] = [];
  const undefinedFor: string[] = [];
  for (const c of conditions) {
    const es = effects.filter((e) => (e.labels.condition ?? '') === c);
    // no paired records (or no defined difference): not "no effect", but nothing to compare
    if (es.every((e) => e.difference === null)) {
      undefinedFor.push(c);
      continue;
    }
    const moved = es.filter((e) => e.difference !== null && effectSign(e.ci) !== 0);
    if (!moved.length) {
      quiet.push(c);
      continue;
    }
    const sameN = moved.every((e) => e.n === moved[0]!.n);
    // the interval is unadjusted: an effect that does not survive Holm's correction across the probe's tests says so
    const notHolm = (e: Effect): boolean => e.pHolm !== undefined && e.pHolm !== null && e.pHolm >= 0.05;
    const allNotHolm = moved.every(notHolm);
    const clauses = moved.map((e) => {
      const holm = !allNotHolm && notHolm(e) ? ' (not after Holm’s correction)' : '';
      return `${e.difference! < 0 ? 'lowers' : 'raises'} ${metricHeading(e.metric, e.label.split(' (')[0])} by ${statWords({ value: e.difference, ...(e.ci ? { ci: e.ci } : {}), ...(e.kind ? { kind: e.kind } : {}) }, { difference: true })}${on(ctx, e)}${sameN ? '' : ` ${nWords(e.n, { paired: true })}`}${holm}`;
    });
    const tail = `${sameN ? ` ${nWords(moved[0]!.n, { paired: true })}` : ''}${allNotHolm ? ', though not after Holm’s correction across the probe’s tests' : ''}`;
    out.push({ probe: moved[0]!.probe, subject: 'effect', status: 'shown', text: sentence(`${c} ${listWords(clauses)} against the baseline${tail}`, { name: true }), figures: moved.map(fig), link: { probe: moved[0]!.probe, labels: moved[0]!.labels } });
  }
  if (quiet.length) {
    const es = effects.filter((e) => quiet.includes(e.labels.condition ?? '') && e.difference !== null);
    const metrics = listWords([...new Set(es.map((e) => metricHeading(e.metric, e.label.split(' (')[0])))]);
    const ns = [...new Set(es.map((e) => e.n))];
    const who = quiet.length === conditions.length ? (quiet.length === 1 ? `${quiet[0]} does not differ` : 'no mitigation differs') : quiet.length === 1 ? `${quiet[0]} does not differ` : `no other mitigation (${listWords(quiet)}) differs`;
    out.push({ probe: es[0]!.probe, subject: 'effect', status: 'none', text: sentence(`${who} from the baseline on ${metrics} for ${ctx.model}: every paired interval includes 0 ${ns.length === 1 ? nWords(ns[0]!, { paired: true }) : `(paired, n = ${Math.min(...ns)} to ${Math.max(...ns)})`}`, { name: who.startsWith(quiet[0]!) }), figures: es.map(fig) });
  }
  if (undefinedFor.length) {
    const es = effects.filter((e) => undefinedFor.includes(e.labels.condition ?? ''));
    const most = Math.max(...es.map((e) => e.n));
    out.push({ probe: es[0]!.probe, subject: 'effect', status: 'none', text: sentence(`${listWords(undefinedFor)} could not be compared with the baseline for ${ctx.model}: ${most === 0 ? 'no record was measured under both' : 'the paired difference is undefined'} ${nWords(most, { paired: true })}`, { name: true }), figures: es.map(fig) });
  }
  return out;
}

/** Judges without an accuracy card: their error is unknown, and the findings say so once per probe. */
function instrumentFindings(p: ProbeResult): Finding[] {
  const bare = p.judges.filter((j) => !j.card);
  if (!bare.length || p.judges.some((j) => j.card)) return [];
  const who = listWords(bare.map((j) => `${j.id}@${j.version}`));
  return [{ probe: p.probe, subject: 'instrument', status: 'instrument', text: sentence(`the ${p.probe} measurements come from ${who}, which ${bare.length === 1 ? 'has' : 'have'} no accuracy card: how far ${bare.length === 1 ? 'it agrees' : 'they agree'} with people is not measured`), figures: [] }];
}

const RANK: Record<string, number> = { effect: 0, shown: 1, none: 2, instrument: 3 };

/** Per model of the run (in the run's order): its findings, at most MAX_FINDINGS sentences. */
export function findingsOf(results: Results): ModelFindings[] {
  const datasets = new Set(results.probes.flatMap((p) => p.groups.map((g) => g.labels.dataset ?? ''))).size;
  const models = [...new Set([...results.models.map((m) => m.id), ...results.probes.flatMap((p) => p.groups.map((g) => g.labels.model ?? ''))])].filter((m) => m !== '');
  const out: ModelFindings[] = [];
  for (const model of models) {
    const ctx: Context = { model, datasets };
    const all: Finding[] = [...effectFindings(results, ctx)];
    for (const p of results.probes) {
      const gs = p.groups.filter((g) => g.labels.model === model && conditionOf(g.labels) === undefined && g.notApplicable === undefined);
      if (!gs.length) continue;
      all.push(...(RULES[p.probe] ?? otherFindings)(p, gs, ctx), ...instrumentFindings(p));
    }
    if (!all.length) continue;
    // a run with conditions asks which mitigation helps: its answer (one differs, or none does) always comes first
    const rank = (f: Finding): number => (f.subject === 'effect' ? RANK.effect! : RANK[f.status]!);
    const sorted = all.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map((x) => x.f);
    const findings = sorted.length > MAX_FINDINGS ? [...sorted.slice(0, MAX_FINDINGS - 1), { probe: '', subject: 'more', status: 'instrument' as const, text: `${sorted.length - MAX_FINDINGS + 1} further findings are in the tables below.`, figures: [] }] : sorted;
    out.push({ model, findings });
  }
  return out;
}
