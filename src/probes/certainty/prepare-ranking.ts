/**
 * `slant run` with `ranking` options: rank the dataset's source texts by certainty (App. D.2,
 * two-pass sampling, Rao–Kupper fit) before measuring, and give every record its strength λ as
 * `sourceCertainty` (so the aggregate splits 25/50/25 into strata for CD↑/CD↓) and its row of the
 * ranking table (rank and λ with bootstrap intervals) as `sourceRanking`.
 */
import { UserError } from '../../core/errors.js';
import type { PairwiseCertaintyJudge } from '../../judges/certainty/types.js';
import type { ProbeContext } from '../types.js';
import { resolveComparator } from './measure.js';
import { rankSourceCertainty } from './ranking.js';
import { rankingIntervals } from './ranking-intervals.js';
import type { CertaintyOptions, SourceRanking } from './schema.js';
import { assignStrata } from './strata.js';

export async function prepareRanking(records: { id: string; fields: Record<string, unknown> }[], ctx: ProbeContext<CertaintyOptions>): Promise<Map<string, Record<string, unknown>> | undefined> {
  const r = ctx.options.ranking;
  if (!r) return undefined;
  if (records.length < 2) throw new UserError(`certainty ranking: need at least 2 source texts, the dataset has ${records.length}`);
  // the pairwise judge of the run: the LLM judge (judges.llm) or the offline comparator
  const { comparator } = resolveComparator({ ...ctx, options: { ...ctx.options, moderator: undefined, level: 'sentence' } });
  const judge = comparator as unknown as PairwiseCertaintyJudge;
  const items = records.map((x) => ({ id: x.id, text: String(x.fields.original ?? '') }));
  const res = await rankSourceCertainty(items, judge, {
    ...(r.k1 !== undefined ? { k1: r.k1 } : {}),
    k2: r.k2,
    ...(r.window !== undefined ? { window: r.window } : {}),
    votes: r.votes,
    temperature: r.temperature,
    seed: r.seed,
    ...(r.prior !== undefined ? { prior: r.prior } : {}),
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
  const rows = rankingIntervals(res, { resamples: r.resamples, seed: r.seed, ...(r.prior !== undefined ? { prior: r.prior } : {}) });
  const strata = assignStrata(rows.map((x) => x.lambda));
  const out = new Map<string, Record<string, unknown>>();
  const components = res.fit.components.length;
  rows.forEach((row, k) => {
    const sr: SourceRanking = { ...row, stratum: strata[k]!, items: rows.length, components, converged: res.fit.converged, judge: judge.id, judgements: res.judgements, invalid: res.invalid };
    out.set(row.id, { sourceCertainty: row.lambda, sourceRanking: sr });
  });
  // a source the judge never compared (no readable judgement) has no strength: no stratum either
  for (const x of records) if (!out.has(x.id)) out.set(x.id, {});
  return out;
}
