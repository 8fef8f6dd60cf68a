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
import { above, apart, effectSign, isKeyMetric, listWords, metricHeading, nWords, sentence, statWords, trustVerdict, valueWords, type TrustVerdict } from './findings-wording.js';

/** A number a finding states, with what it is and where it comes from. */
interface FindingFigure {
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
interface FindingTrust {
  judge: string;
  version: string;
  balancedAccuracy: number | null;
  verdict: TrustVerdict;
}

/**
 * `shown`: the interval supports the finding; `none`: nothing differs (the sentence says so);
 * `not-applicable`: conditions that cannot run on the model (not measured, and why);
 * `instrument`: what is known of a measuring instrument.
 */
export type FindingStatus = 'shown' | 'none' | 'not-applicable' | 'instrument';

interface Finding {
  probe: string;
  /** 'effect' for a mitigation against the baseline, 'not-applicable' for conditions not run, else the bias or measure the sentence is about */
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

/** " (judge balanced accuracy 0.64: read with care)" after a rate a carded judge made; its name and card are in the tables. */
function trustClause(t: { card: JudgeCard; trust: FindingTrust } | undefined): string {
  if (!t) return '';
  const ba = `judge balanced accuracy ${t.card.balancedAccuracy === null ? '—' : t.card.balancedAccuracy.toFixed(2)}${t.card.heldOut ? '' : ', in-sample'}`;
  return ` (${ba}${t.trust.verdict === 'read with care' || t.trust.verdict === 'fair' ? `: ${t.trust.verdict}` : ''})`;
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
    const ms = xs.map((g) => metric(g, 'phi_frame')!);
    const once = ms.length > 1 && ms.every((m) => m.n === ms[0]!.n && !m.excluded);
    const raw = xs.map((g, i) => `${statWords(ms[i]!)}${i === 0 ? ' of its summaries' : ''}${on(ctx, g)}${once ? '' : ` ${n(ms[i]!)}`}`);
    const corrected = xs.map((g) => metric(g, 'phi_frame_corrected')).filter((c): c is MetricJson => c !== undefined);
    return `${listWords(raw)}${once ? ` (n = ${ms[0]!.n} each)` : ''}${corrected.length === xs.length ? `, ${listWords(corrected.map((c) => statWords(c)))} once corrected for the judge's error` : ''}`;
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
  const first: GroupResultJson[] = [];
  const last: GroupResultJson[] = [];
  const neither: GroupResultJson[] = [];
  const m3 = (g: GroupResultJson) => ({ b: metric(g, 'mean_s_b')!, m: metric(g, 'mean_s_m')!, e: metric(g, 'mean_s_e')!, psi: metric(g, 'psi_pri') });
  for (const g of gs) {
    const [b, m, e, gap] = ['mean_s_b', 'mean_s_m', 'mean_s_e', 'mean_s_b_minus_s_m'].map((x) => metric(g, x));
    if (!b || !m || !e) continue;
    // primacy (Alessa et al., eq. 2): the beginning over the middle, by the paired difference's interval
    const primacy = gap !== undefined && above(gap.ci, 0);
    // recency, measured apart from primacy as the paper says: the end above both other thirds
    const recency = apart(e.ci, b.ci) && apart(e.ci, m.ci);
    if (primacy) first.push(g);
    if (recency) last.push(g);
    if (!primacy && !recency) neither.push(g);
  }
  // n once when every dataset has the same: "(n = 8 each)"
  const ns = (xs: readonly GroupResultJson[]): { each: string; one: (g: GroupResultJson) => string } => {
    if (xs.length === 1) return { each: ` ${n(m3(xs[0]!).b)}`, one: () => '' };
    const same = xs.every((g) => m3(g).b.n === m3(xs[0]!).b.n && !m3(g).b.excluded);
    return { each: same ? ` (n = ${m3(xs[0]!).b.n} each)` : '', one: (g) => (same ? '' : ` ${n(m3(g).b)}`) };
  };
  const out: Finding[] = [];
  if (first.length) {
    const { each, one } = ns(first);
    // several datasets in one clause, in the same order: "0.62 [..] and 0.56 [..] against 0.30 and 0.31 to the middle on a and b"
    const where = first.map((g) => g.labels.dataset ?? '').filter((d) => d !== '');
    const sims = `${listWords(first.map((g) => `${statWords(m3(g).b)}${one(g)}`))} against ${listWords(first.map((g) => valueWords(m3(g).m.value, 'mean')))} to the middle${ctx.datasets > 1 && where.length ? ` on ${listWords(where)}` : ''}`;
    const psis = first.map((g) => m3(g).psi).filter((x): x is MetricJson => x !== undefined);
    const psi = psis.length === first.length ? `; primacy bias rate ψ_pri ${listWords(psis.map((x) => statWords(x)))}` : '';
    out.push({ probe: 'primacy', subject: 'primacy', status: 'shown', text: sentence(`${ctx.model} draws on the beginning of its sources: similarity to the first third ${sims}${each}${psi}`, { name: true }), figures: first.flatMap((g) => [figure(g, m3(g).b), figure(g, m3(g).m), ...(m3(g).psi ? [figure(g, m3(g).psi!)] : [])]), link: link('primacy', first[0]!) });
  }
  if (last.length) {
    const clauses = last.map((g, i) => `${i === 0 ? 'similarity to the last third ' : ''}${statWords(m3(g).e)} against ${valueWords(m3(g).b.value, 'mean')}${i === 0 ? ' to the first' : ''} and ${valueWords(m3(g).m.value, 'mean')}${i === 0 ? ' to the middle' : ''}${on(ctx, g)} ${n(m3(g).e)}`);
    out.push({ probe: 'primacy', subject: 'recency', status: 'shown', text: sentence(`${ctx.model} draws on the end of its sources: ${clauses.join('; ')}`, { name: true }), figures: last.flatMap((g) => [figure(g, m3(g).e), figure(g, m3(g).b), figure(g, m3(g).m)]), link: link('primacy', last[0]!) });
  }
  if (neither.length) {
    const { each, one } = ns(neither);
    const clauses = neither.map((g) => `${[m3(g).b, m3(g).m, m3(g).e].map((x) => valueWords(x.value, 'mean')).join(', ')}${on(ctx, g)}${one(g)}`);
    // "(n = 8 each; intervals overlap)", "(n = 20; intervals overlap)"
    const n8 = each ? `${each.slice(0, -1)}; intervals overlap)` : '; intervals overlap';
    out.push({ probe: 'primacy', subject: 'position', status: 'none', text: sentence(`${ctx.model} favours no third of its sources: similarity (first, middle, last third) ${clauses.join('; ')}${n8}`, { name: true }), figures: neither.flatMap((g) => [figure(g, m3(g).b), figure(g, m3(g).m), figure(g, m3(g).e)]), link: link('primacy', neither[0]!) });
  }
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
  const all: Effect[] = results.probes.flatMap((p) => (p.effects ?? []).filter((e) => e.labels.model === ctx.model).map((e) => ({ ...e, probe: p.probe })));
  if (!all.length) return [];
  // the metrics that answer each probe's question (φ_frame, ψ_pri, CD, …); a probe without one: its first effect's metric
  const key = (e: Effect): boolean => isKeyMetric(e.metric) || (!all.some((x) => x.probe === e.probe && isKeyMetric(x.metric)) && e.metric === all.find((x) => x.probe === e.probe)!.metric);
  const effects = all.filter(key);
  const conditions = [...new Set(all.map((e) => e.labels.condition ?? ''))];
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
  // the interval is unadjusted: an effect that does not survive Holm's correction across the probe's tests says so
  const notHolm = (e: Effect): boolean => e.pHolm !== undefined && e.pHolm !== null && e.pHolm >= 0.05;
  const size = (e: Effect): string => statWords({ value: e.difference, ...(e.ci ? { ci: e.ci } : {}), ...(e.kind ? { kind: e.kind } : {}) }, { difference: true });
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
    // one clause per metric and direction, its datasets listed: "lowers … ψ_pri by 75 pp [−93, −28] on a and 50 pp [−78, −7] on b";
    // Holm's p beside an effect that does not survive the correction, or once for the sentence when none does
    const none = moved.every(notHolm);
    const holm = (e: Effect): string => (!none && notHolm(e) ? ` (Holm p ${e.pHolm!.toFixed(2)})` : '');
    const clauses: string[] = [];
    for (const m of [...new Set(moved.map((e) => e.metric))]) {
      for (const down of [true, false]) {
        const xs = moved.filter((e) => e.metric === m && e.difference! < 0 === down);
        if (xs.length) clauses.push(`${down ? 'lowers' : 'raises'} ${clauses.length ? 'its' : `${ctx.model}'s`} ${metricHeading(m, xs[0]!.label.split(' (')[0])} by ${listWords(xs.map((e) => `${size(e)}${on(ctx, e)}${holm(e)}`))}`);
      }
    }
    const ns = [...new Set(moved.map((e) => e.n))];
    const n = `paired, n = ${ns.length === 1 ? ns[0] : `${Math.min(...ns)} to ${Math.max(...ns)}`}${none ? '; Holm: not significant' : ''}`;
    out.push({ probe: moved[0]!.probe, subject: 'effect', status: 'shown', text: sentence(`${c} ${listWords(clauses)} (${n})`, { name: true }), figures: moved.map(fig), link: { probe: moved[0]!.probe, labels: moved[0]!.labels } });
  }
  if (quiet.length) {
    const es = effects.filter((e) => quiet.includes(e.labels.condition ?? '') && e.difference !== null);
    const metrics = [...new Set(es.map((e) => metricHeading(e.metric, e.label.split(' (')[0])))];
    const ns = [...new Set(es.map((e) => e.n))];
    const who = quiet.length === conditions.length ? (quiet.length === 1 ? `${quiet[0]} does not differ` : 'no mitigation differs') : quiet.length === 1 ? `${quiet[0]} does not differ` : `no other mitigation (${listWords(quiet)}) differs`;
    const n = ns.length === 1 ? nWords(ns[0]!, { paired: true }) : `(paired, n = ${Math.min(...ns)} to ${Math.max(...ns)})`;
    out.push({ probe: es[0]!.probe, subject: 'effect', status: 'none', text: sentence(`${who} from the baseline on ${ctx.model}'s ${metrics.length > 1 ? `${metrics.slice(0, -1).join(', ')} or ${metrics.at(-1)}` : metrics[0]}: every paired interval includes 0 ${n}`, { name: who.startsWith(quiet[0]!) }), figures: es.map(fig) });
  }
  if (undefinedFor.length) {
    const es = effects.filter((e) => undefinedFor.includes(e.labels.condition ?? ''));
    const most = Math.max(...es.map((e) => e.n));
    out.push({ probe: es[0]!.probe, subject: 'effect', status: 'none', text: sentence(`${listWords(undefinedFor)} could not be compared with the baseline: ${most === 0 ? 'no record was measured under both' : 'the paired difference is undefined'} ${nWords(most, { paired: true })}`, { name: true }), figures: es.map(fig) });
  }
  return out;
}

/**
 * The conditions that cannot run on the model (a prompt mitigation on an extractive system, a
 * decoding mitigation on a hosted API): one sentence, conditions grouped by reason, instead of
 * empty tables and charts.
 */
function notApplicableFindings(results: Results, ctx: Context): Finding[] {
  const reasons = new Map<string, Set<string>>();
  for (const p of results.probes)
    for (const g of p.groups) {
      const c = conditionOf(g.labels);
      if (g.labels.model !== ctx.model || c === undefined || g.notApplicable === undefined) continue;
      const set = reasons.get(g.notApplicable) ?? new Set<string>();
      set.add(c);
      reasons.set(g.notApplicable, set);
    }
  if (!reasons.size) return [];
  const all = [...new Set([...reasons.values()].flatMap((cs) => [...cs]))];
  const why = [...reasons].map(([reason, cs]) => (reasons.size > 1 ? `${listWords([...cs])}: ${reason}` : reason));
  return [{ probe: '', subject: 'not-applicable', status: 'not-applicable', text: sentence(`${listWords(all)} ${all.length > 1 ? 'were' : 'was'} not run on ${ctx.model} (not applicable): ${why.join('; ')}`, { name: true }), figures: [] }];
}

/** Judges without an accuracy card: their error is unknown, and the findings say so once per probe. */
function instrumentFindings(p: ProbeResult): Finding[] {
  // primacy and position compare texts by a similarity measure, not by a judgement with an error rate
  if (p.probe === 'primacy' || p.probe === 'position') return [];
  const bare = p.judges.filter((j) => !j.card);
  if (!bare.length || p.judges.some((j) => j.card)) return [];
  const who = listWords(bare.map((j) => `${j.id}@${j.version}`));
  return [{ probe: p.probe, subject: 'instrument', status: 'instrument', text: sentence(`the ${p.probe} measurements come from ${who}, which ${bare.length === 1 ? 'has' : 'have'} no accuracy card: how far ${bare.length === 1 ? 'it agrees' : 'they agree'} with people is not measured`), figures: [] }];
}

const RANK: Record<string, number> = { effect: 0, shown: 1, none: 2, 'not-applicable': 3, instrument: 4 };

/** Per model of the run (in the run's order): its findings, at most MAX_FINDINGS sentences. */
export function findingsOf(results: Results): ModelFindings[] {
  const datasets = new Set(results.probes.flatMap((p) => p.groups.map((g) => g.labels.dataset ?? ''))).size;
  const models = [...new Set([...results.models.map((m) => m.id), ...results.probes.flatMap((p) => p.groups.map((g) => g.labels.model ?? ''))])].filter((m) => m !== '');
  const out: ModelFindings[] = [];
  for (const model of models) {
    const ctx: Context = { model, datasets };
    const all: Finding[] = [...effectFindings(results, ctx), ...notApplicableFindings(results, ctx)];
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
