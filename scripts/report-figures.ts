/**
 * Regenerates the pictures in docs/report/: the demo run's figures (framing, primacy: real demo
 * output) and, for probes the demo does not run, figures of synthetic results built by the probes'
 * own aggregates (test/helpers/synthetic-results.ts; the numbers mean nothing). Usage:
 *   npx tsx scripts/report-figures.ts
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../src/cli/main.js';
import { figureSvg } from '../src/report/charts/svg.js';
import { allFigures } from '../src/report/export.js';
import { buildReportModel } from '../src/report/model.js';
import { presentTelephone } from '../src/probes/certainty/present-telephone.js';
import { presentRanking } from '../src/probes/certainty/present-ranking.js';
import { rankingIntervals } from '../src/probes/certainty/ranking-intervals.js';
import { fitBradleyTerryTies } from '../src/stats/bradley-terry.js';
import { cdMetrics } from '../src/probes/certainty/metrics.js';
import { resultsSchema } from '../src/results/schema.js';
import { syntheticResults } from '../test/helpers/synthetic-results.js';

const out = join(import.meta.dirname, '..', 'docs', 'report');
mkdirSync(out, { recursive: true });
const tmp = mkdtempSync(join(tmpdir(), 'slant-figs-'));
try {
  const write = process.stdout.write.bind(process.stdout);
  let json = '';
  process.stdout.write = ((c: string) => ((json += c), true)) as typeof process.stdout.write;
  const code = await main(['node', 'slant', '--json', 'demo', '--store', join(tmp, 'db'), '--reports', join(tmp, 'reports')]);
  process.stdout.write = write;
  if (code !== 0) throw new Error(`demo failed (${code})`);
  const { reportDir } = JSON.parse(json) as { reportDir: string };
  const demo = buildReportModel(resultsSchema.parse(JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8'))));
  const picked = new Set<string>();
  for (const { name, figure } of allFigures(demo)) {
    // one transition heatmap is enough
    const key = figure.kind === 'heatmap' ? 'heatmap' : name;
    if (picked.has(key)) continue;
    picked.add(key);
    writeFileSync(join(out, `demo-${figure.kind === 'heatmap' ? 'framing-transition-matrix' : name}.svg`), await figureSvg(figure));
  }
  const synth = buildReportModel(syntheticResults());
  for (const { name, figure } of allFigures(synth)) {
    if (name.startsWith('framing') || name.startsWith('primacy')) continue;
    writeFileSync(join(out, `synthetic-${name}.svg`), await figureSvg(figure));
  }
  const labels = [[1, 0, 0, -1, 2, 0], [1, 1, 0, -1, 2, 0], [1, 1, 2, 0, 2, 1]] as const;
  const tel = presentTelephone({ perTurn: labels.map((l, i) => ({ turn: i + 1, metrics: cdMetrics([...l]) })) }, 'synthetic model');
  writeFileSync(join(out, 'synthetic-certainty-figure4.svg'), await figureSvg(tel.figures[0]!));
  // the run's ranking path: Rao–Kupper fit, the one ranking bootstrap, the report's presentation
  const counts = [
    { a: 'A', b: 'B', aWins: 8, bWins: 2, ties: 2 },
    { a: 'B', b: 'C', aWins: 7, bWins: 3, ties: 1 },
    { a: 'A', b: 'C', aWins: 9, bWins: 1, ties: 0 },
    { a: 'C', b: 'D', aWins: 6, bWins: 4, ties: 2 },
  ];
  const bt = presentRanking(rankingIntervals({ fit: fitBradleyTerryTies(counts), counts }, { resamples: 200, seed: 7 }));
  writeFileSync(join(out, 'synthetic-certainty-bt-ranking.svg'), await figureSvg(bt.figures[0]!));
  console.log(`figures written to ${out}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
