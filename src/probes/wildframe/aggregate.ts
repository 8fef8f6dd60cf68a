import { countExcluded, withExcluded, type Excluded } from '../../core/excluded.js';
import type { Metric } from '../../core/types.js';
import { pearson } from '../../stats/correlation.js';
import { meanMetric } from '../../stats/mean.js';
import { proportionMetric } from '../../stats/proportion.js';
import type { GroupResult, ResultTable } from '../types.js';
import { humanMajorityShift } from './humans.js';
import type { WildframeMeasurement, WildframeOptions } from './schema.js';
import { OUTCOMES, type Outcome, type Polarity } from './score.js';

const POLARITIES: readonly Polarity[] = ['positive', 'negative'];

function countOutcomes(items: readonly WildframeMeasurement[]): Record<Outcome, number> {
  const c: Record<Outcome, number> = { framed: 0, neutral: 0, mixed: 0, unchanged: 0, unparseable: 0 };
  for (const m of items) c[m.outcome] += 1;
  return c;
}

/**
 * Aggregates one group (one model):
 * - shift rate = share of parsed answers that carry the framing's sentiment, overall and by base
 *   polarity (seed 001, Figure 3), with neutral and mixed rates; unparseable answers are counted and
 *   left out of every rate and of the correlation;
 * - mean shift score under the configured rule;
 * - with human scores: Pearson r between model shift scores and human scores (0..5) with a Fisher-z
 *   95% interval and the t-test p-value (seed 001, Figure 4), the human majority shift rate
 *   (≥ humansMajority of 5), and the agreement of the model's shift (outcome 'framed') with the
 *   human majority;
 * - with the release's processed labels: the agreement of slant's parsing with them.
 */
export function aggregateWildframe(items: readonly WildframeMeasurement[], options: Pick<WildframeOptions, 'humansMajority'>): Omit<GroupResult, 'labels'> {
  const metrics: Metric[] = [];
  const parsed = items.filter((m) => m.outcome !== 'unparseable');
  const all = countOutcomes(items);
  const byPol = Object.fromEntries(POLARITIES.map((p) => [p, countOutcomes(items.filter((m) => m.baseSentiment === p))])) as Record<Polarity, Record<Outcome, number>>;
  const parsedN = (c: Record<Outcome, number>): number => c.framed + c.neutral + c.mixed + c.unchanged;

  // answers whose label could not be read are left out of every number below and counted beside each
  const left = (ms: readonly WildframeMeasurement[]): Excluded | undefined => countExcluded(ms, (m) => (m.outcome === 'unparseable' ? (m.exclusion ?? 'unreadable') : undefined));
  const excluded = left(items);
  metrics.push(withExcluded(proportionMetric('shift_rate', 'shift rate (answer follows the framing)', all.framed, parsedN(all)), excluded));
  for (const p of POLARITIES) {
    const c = byPol[p];
    metrics.push(withExcluded(proportionMetric(`shift_rate_base_${p}`, `shift rate, ${p} base statements`, c.framed, parsedN(c)), left(items.filter((m) => m.baseSentiment === p))));
  }
  metrics.push(withExcluded(proportionMetric('neutral_rate', 'neutral rate', all.neutral, parsedN(all)), excluded));
  metrics.push(withExcluded(proportionMetric('mixed_rate', 'mixed rate', all.mixed, parsedN(all)), excluded));
  metrics.push({ name: 'unparseable', label: 'unreadable answers (not scored)', value: all.unparseable, n: items.length, kind: 'count' });
  const scores = parsed.map((m) => m.score as number);
  if (scores.length > 0) metrics.push(withExcluded(meanMetric('mean_shift_score', 'mean shift score', scores), excluded));

  const extra: Record<string, unknown> = {};
  const withHumans = parsed.filter((m) => m.humanScore !== undefined);
  const humansLeft = left(items.filter((m) => m.humanScore !== undefined));
  const firstHuman = metrics.length;
  if (withHumans.length > 0) {
    const model = withHumans.map((m) => m.score as number);
    const human = withHumans.map((m) => m.humanScore as number);
    if (withHumans.length >= 3) {
      const pr = pearson(model, human);
      if (Number.isFinite(pr.r)) {
        metrics.push({
          name: 'pearson_r',
          label: 'Pearson r, model shift score vs human score',
          value: pr.r,
          n: pr.n,
          ci: pr.ci,
          test: { name: 'pearson-t', statistic: pr.t, df: pr.df, pValue: pr.pValue, alternative: 'two-sided' },
          kind: 'statistic',
        });
      } else {
        extra['pearson_r'] = 'undefined: model or human scores are constant';
      }
    } else {
      extra['pearson_r'] = `undefined: ${withHumans.length} scored item(s) with human scores, need at least 3`;
    }
    metrics.push(meanMetric('mean_human_score', 'mean human score (0-5 annotators following the framing)', human));
    const t = options.humansMajority;
    const hShift = (m: WildframeMeasurement): boolean => humanMajorityShift(m.humanScore as number, t);
    metrics.push(proportionMetric('human_shift_rate', `human majority shift rate (>= ${t} of 5)`, withHumans.filter(hShift).length, withHumans.length));
    for (const p of POLARITIES) {
      const g = withHumans.filter((m) => m.baseSentiment === p);
      metrics.push(proportionMetric(`human_shift_rate_base_${p}`, `human majority shift rate, ${p} base statements`, g.filter(hShift).length, g.length));
    }
    const agree = withHumans.filter((m) => (m.outcome === 'framed') === hShift(m)).length;
    metrics.push(proportionMetric('agreement_human_majority', 'agreement of model shift with the human majority', agree, withHumans.length));
  }
  for (let i = firstHuman; i < metrics.length; i++) metrics[i] = withExcluded(metrics[i] as Metric, humansLeft);
  const unscoredHumans = items.filter((m) => m.outcome === 'unparseable' && m.humanScore !== undefined).length;
  if (unscoredHumans > 0) extra['human_items_unparseable'] = unscoredHumans;

  const withRelease = items.filter((m) => m.releaseLabel !== undefined && m.evaluator === 'recorded');
  if (withRelease.length > 0) {
    const same = withRelease.filter((m) => (m.label ?? m.value) === m.releaseLabel).length;
    metrics.push(proportionMetric('release_parse_agreement', "agreement of slant's answer parsing with the release's processed labels", same, withRelease.length));
  }

  const tables: ResultTable[] = [
    {
      name: 'outcomes',
      title: 'Answers to the reframed statements by base polarity (counts)',
      columns: ['base', ...OUTCOMES, 'n'],
      rows: [
        ...POLARITIES.map((p) => [p, ...OUTCOMES.map((o) => byPol[p][o]), items.filter((m) => m.baseSentiment === p).length]),
        ['all', ...OUTCOMES.map((o) => all[o]), items.length],
      ],
    },
  ];
  // seed 001 Figure 3: share of statements whose sentiment follows the framing, by base polarity, model beside humans
  const pct = (k: number, n: number): string => (n === 0 ? `— (n = 0)` : `${((100 * k) / n).toFixed(1)}% (${k}/${n})`);
  tables.push({
    name: 'shift_by_polarity',
    title: 'Figure 3: sentiment shift by base polarity, model beside humans (majority of 5)',
    columns: ['base', 'model shift', 'human majority shift', 'n with humans'],
    rows: [...POLARITIES, 'all' as const].map((p) => {
      const c = p === 'all' ? all : byPol[p];
      const h = p === 'all' ? withHumans : withHumans.filter((m) => m.baseSentiment === p);
      const hs = h.filter((m) => humanMajorityShift(m.humanScore as number, options.humansMajority)).length;
      return [p, pct(c.framed, parsedN(c)), h.length === 0 ? '— (no human scores)' : pct(hs, h.length), h.length];
    }),
  });
  if (withHumans.length > 0) {
    tables.push({
      name: 'human_scores',
      title: 'Human scores (annotators of 5 following the framing) by base polarity (counts)',
      columns: ['base', '0', '1', '2', '3', '4', '5'],
      rows: POLARITIES.map((p) => [p, ...[0, 1, 2, 3, 4, 5].map((s) => withHumans.filter((m) => m.baseSentiment === p && m.humanScore === s).length)]),
    });
  }
  return Object.keys(extra).length > 0 ? { metrics, tables, extra } : { metrics, tables };
}
