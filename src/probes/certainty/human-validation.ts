/**
 * Human validation of a certainty judge (Belem et al., §3.2 and App. B):
 * - each annotator's Kendall τ_b with the leave-one-out human consensus (the mean label of the
 *   OTHER annotators on each item they labelled), and each judge's τ_b with the consensus of all
 *   humans (a judge is not a human, so nothing is left out);
 * - pairwise consistency: τ_b of every human–human pair and every human–judge pair on the items
 *   both labelled (pairs sharing fewer than 2 items, or with a constant side, are skipped and counted);
 * - agreement among humans: Krippendorff's α (ordinal and interval) and Fleiss' κ.
 * Fleiss' κ needs the same number of raters per item: it is computed on the items rated by the
 * most common number of humans (reported as fleissItems / fleissRaters).
 */
import { krippendorffAlpha, fleissKappa } from '../../stats/agreement.js';
import { kendallTauB } from '../../stats/kendall.js';
import { mean, sd } from '../../stats/mean.js';

export interface HumanLabelRow {
  /** pair id */
  item: string;
  annotator: string;
  /** label on the 5-point scale (−2..2; any finite numbers are accepted) */
  label: number;
}

export interface TauSummary {
  mean: number;
  sd: number;
  /** how many correlations were defined */
  n: number;
  skipped: number;
}

export interface HumanValidationResult {
  annotators: { annotator: string; tauB: number; n: number }[];
  judges: { judge: string; tauB: number; n: number }[];
  humanConsensus: TauSummary;
  humanHuman: TauSummary;
  humanJudge: Record<string, TauSummary>;
  alphaOrdinal: number;
  alphaInterval: number;
  fleissKappa: number;
  fleissItems: number;
  fleissRaters: number;
  items: number;
}

function summarize(taus: number[], skipped: number): TauSummary {
  const ok = taus.filter((t) => Number.isFinite(t));
  return { mean: ok.length ? mean(ok) : NaN, sd: ok.length > 1 ? sd(ok) : NaN, n: ok.length, skipped: skipped + (taus.length - ok.length) };
}

function tauOnShared(a: Map<string, number>, b: Map<string, number>): { tau: number; n: number } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [item, v] of a) {
    const w = b.get(item);
    if (w !== undefined) {
      xs.push(v);
      ys.push(w);
    }
  }
  return xs.length < 2 ? { tau: NaN, n: xs.length } : { tau: kendallTauB(xs, ys).tau, n: xs.length };
}

export function humanValidation(rows: readonly HumanLabelRow[], opts: { judges?: readonly string[] } = {}): HumanValidationResult {
  const judgeNames = new Set(opts.judges ?? []);
  const byAnnotator = new Map<string, Map<string, number>>();
  rows.forEach((r, k) => {
    if (!Number.isFinite(r.label)) throw new RangeError(`humanValidation: row ${k + 1} (${r.annotator}, ${r.item}) has a non-numeric label`);
    const m = byAnnotator.get(r.annotator) ?? new Map<string, number>();
    if (m.has(r.item)) throw new RangeError(`humanValidation: annotator ${r.annotator} labels item ${r.item} twice (row ${k + 1})`);
    m.set(r.item, r.label);
    byAnnotator.set(r.annotator, m);
  });
  const humans = [...byAnnotator.keys()].filter((a) => !judgeNames.has(a));
  const judges = [...byAnnotator.keys()].filter((a) => judgeNames.has(a));
  const items = [...new Set(rows.filter((r) => !judgeNames.has(r.annotator)).map((r) => r.item))];
  // Sums per item over humans, for leave-one-out means.
  const sum = new Map<string, { s: number; c: number }>();
  for (const h of humans) for (const [item, v] of byAnnotator.get(h)!) {
    const e = sum.get(item) ?? { s: 0, c: 0 };
    e.s += v;
    e.c++;
    sum.set(item, e);
  }
  const annotators = humans.map((h) => {
    const xs: number[] = [];
    const ys: number[] = [];
    for (const [item, v] of byAnnotator.get(h)!) {
      const e = sum.get(item)!;
      if (e.c < 2) continue;
      xs.push(v);
      ys.push((e.s - v) / (e.c - 1));
    }
    return { annotator: h, tauB: xs.length >= 2 ? kendallTauB(xs, ys).tau : NaN, n: xs.length };
  });
  const judgeRows = judges.map((j) => {
    const xs: number[] = [];
    const ys: number[] = [];
    for (const [item, v] of byAnnotator.get(j)!) {
      const e = sum.get(item);
      if (!e) continue;
      xs.push(v);
      ys.push(e.s / e.c);
    }
    return { judge: j, tauB: xs.length >= 2 ? kendallTauB(xs, ys).tau : NaN, n: xs.length };
  });
  const hh: number[] = [];
  let hhSkipped = 0;
  for (let i = 0; i < humans.length; i++) {
    for (let k = i + 1; k < humans.length; k++) {
      const r = tauOnShared(byAnnotator.get(humans[i]!)!, byAnnotator.get(humans[k]!)!);
      if (r.n < 2) hhSkipped++;
      else hh.push(r.tau);
    }
  }
  const humanJudge: Record<string, TauSummary> = {};
  for (const j of judges) {
    const taus: number[] = [];
    let skipped = 0;
    for (const h of humans) {
      const r = tauOnShared(byAnnotator.get(h)!, byAnnotator.get(j)!);
      if (r.n < 2) skipped++;
      else taus.push(r.tau);
    }
    humanJudge[j] = summarize(taus, skipped);
  }
  const matrix = humans.map((h) => items.map((it) => byAnnotator.get(h)!.get(it) ?? null));
  const alphaOrdinal = humans.length >= 2 ? krippendorffAlpha(matrix, 'ordinal') : NaN;
  const alphaInterval = humans.length >= 2 ? krippendorffAlpha(matrix, 'interval') : NaN;
  // Fleiss: items with the modal number of human ratings.
  const raterCount = new Map<number, number>();
  for (const it of items) {
    const c = sum.get(it)?.c ?? 0;
    raterCount.set(c, (raterCount.get(c) ?? 0) + 1);
  }
  let fleissRaters = 0;
  let best = -1;
  for (const [c, k] of raterCount) if (c >= 2 && (k > best || (k === best && c > fleissRaters))) [fleissRaters, best] = [c, k];
  const categories = [...new Set(rows.filter((r) => !judgeNames.has(r.annotator)).map((r) => r.label))].sort((a, b) => a - b);
  const counts: number[][] = [];
  if (fleissRaters >= 2 && categories.length >= 2) {
    for (const it of items) {
      if ((sum.get(it)?.c ?? 0) !== fleissRaters) continue;
      const row = new Array<number>(categories.length).fill(0);
      for (const h of humans) {
        const v = byAnnotator.get(h)!.get(it);
        if (v !== undefined) row[categories.indexOf(v)]!++;
      }
      counts.push(row);
    }
  }
  return {
    annotators,
    judges: judgeRows,
    humanConsensus: summarize(
      annotators.map((a) => a.tauB),
      0,
    ),
    humanHuman: summarize(hh, hhSkipped),
    humanJudge,
    alphaOrdinal,
    alphaInterval,
    fleissKappa: counts.length ? fleissKappa(counts).kappa : NaN,
    fleissItems: counts.length,
    fleissRaters: counts.length ? fleissRaters : 0,
    items: items.length,
  };
}
