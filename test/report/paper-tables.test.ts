import { describe, expect, it } from 'vitest';
import { paperTables } from '../../src/report/paper-tables.js';
import type { GroupResultJson, ProbeResult } from '../../src/results/schema.js';

const group = (model: string, dataset: string, n: number, metrics: Record<string, number | null>, extra: Partial<GroupResultJson> = {}): GroupResultJson => ({
  labels: { model, dataset },
  n,
  metrics: Object.entries(metrics).map(([name, value]) => ({ name, label: name, value, n })),
  ...extra,
});
const probe = (name: string, groups: GroupResultJson[]): ProbeResult => ({ probe: name, options: {}, judges: [], groups, items: [] });

describe('paperTables', () => {
  it('seed 000 Table 2 as printed: dataset × model rows (Table 1, with intervals, is in the report model)', () => {
    const transitions = { name: 'transitions', title: '', columns: ['source \\ output', 'positive', 'negative', 'neutral'], rows: [['positive', 5, 1, 2], ['negative', 0, 3, 1], ['neutral', 4, 2, 2]] };
    const tables = paperTables([
      probe('framing', [group('m1', 'news', 20, { phi_frame: 0.5 }, { tables: [transitions] })]),
      probe('primacy', [group('m1', 'news', 20, { mean_s_b: 0.61, mean_s_m: 0.42, mean_s_e: 0.4, psi_pri: null })]),
    ]);
    expect(tables.map((t) => t.id)).toEqual(['seed000_table2']);
    const t2 = tables.find((t) => t.id === 'seed000_table2')!;
    expect(t2.columns).toEqual(['dataset', 'model', 'Neu→Pos', 'Neu→Neg', 'Pos→Neg', 'Neg→Pos', 'Pos→Neu', 'Neg→Neu']);
    // results without the transition metrics: from the counts (FRAMINGS order positive, negative, neutral:
    // neutral→positive = 4 of 20 = 20.0%, positive→negative = 1 → 5.0%)
    expect(t2.rows[0]).toEqual(['news', 'm1', '20.0%', '10.0%', '5.0%', '0.0%', '10.0%', '5.0%']);
    // with the group's transition metric: its value, interval and n, and a link to the changed items
    const withRates = paperTables([probe('framing', [group('m1', 'news', 20, { shift_neutral_to_positive: 0.2 }, { tables: [transitions] })])]);
    expect(withRates[0]?.rows[0]?.[2]).toEqual({ value: 0.2, n: 20 });
    expect(withRates[0]?.links?.[0]).toEqual({ probe: 'framing', labels: { model: 'm1', dataset: 'news' }, filter: 'changed' });
  });

  it('seed 000 Table 6 from the groups whose answers carry confidence tags', () => {
    const conf = { name: 'confidence', title: '', columns: ['period', 'actual High', 'actual Low', 'falsified High', 'falsified Low', 'untagged answers'], rows: [['pre', '99.0%', '1.0%', '75.0%', '25.0%', 0], ['post', '50.0%', '50.0%', '— (n = 0)', '— (n = 0)', 2]] };
    const g = { ...group('m1', 'pairs', 4, {}), labels: { model: 'm1', dataset: 'pairs', condition: 'epistemic-tagging' }, tables: [conf] };
    const t = paperTables([probe('hallucination', [group('m1', 'pairs', 4, {}), g])]).find((x) => x.id === 'seed000_table6')!;
    expect(t.rows).toEqual([
      ['m1', 'pairs', 'epistemic-tagging', 'pre', '99.0%', '1.0%', '75.0%', '25.0%'],
      ['m1', 'pairs', 'epistemic-tagging', 'post', '50.0%', '50.0%', '— (n = 0)', '— (n = 0)'],
    ]);
  });

  it("seed 003: Spearman ρ across the run's models (exact p), — below 3 models", () => {
    const ws = [0.1, 0.2, 0.3];
    const rouge = [0.5, 0.4, 0.3];
    const t = paperTables([probe('position', ws.map((w, i) => group(`m${i}`, 'news', 10, { wasserstein: w, rouge1_f: rouge[i]!, rouge2_f: rouge[i]!, rougeL_f: rouge[i]! })))])[0]!;
    expect(t.id).toBe('seed003_spearman');
    // perfectly reversed ranks: ρ = −1; exact two-sided p over 3! permutations = 2 · 1/6
    expect(t.rows[0]).toEqual(['news', 'ROUGE-1', '-1.000', '0.3333', 3]);
    const two = paperTables([probe('position', [group('a', 'news', 5, { wasserstein: 0.1, rouge1_f: 0.3 }), group('b', 'news', 5, { wasserstein: 0.2, rouge1_f: 0.2 })])])[0]!;
    expect(two.rows[0]?.[2]).toBe('— (n = 2 models, need 3)');
  });

  it('seed 004 Table 1 with the per-model average column and Table 2 with CD↑, CD↓, R', () => {
    const tables = paperTables([
      probe('certainty', [
        group('m1', 'spiced', 10, { cd: 0.4, cd_up: 0.3, cd_down: 0.1, ratio: 3 }),
        group('m1', 'mimic', 10, { cd: 0.2, cd_up: 0.1, cd_down: 0.1, ratio: 1 }),
        group('m2', 'spiced', 10, { cd: 0.5, cd_up: 0.25, cd_down: 0.25, ratio: 1 }),
      ]),
    ]);
    const t1 = tables.find((t) => t.id === 'seed004_table1')!;
    expect(t1.columns).toEqual(['model', 'spiced', 'mimic', 'Avg']);
    // each CD with its n (and interval where the group has one); Avg = (40 + 20) / 2; a missing dataset is "—"
    expect(t1.rows).toEqual([
      ['m1', { value: 0.4, n: 10 }, { value: 0.2, n: 10 }, '30.0%'],
      ['m2', { value: 0.5, n: 10 }, '— (n = 0)', '— (1 of 2 datasets)'],
    ]);
    const t2 = tables.find((t) => t.id === 'seed004_table2')!;
    expect(t2.rows[0]?.map((c) => (typeof c === 'object' && c !== null ? c.value : c))).toEqual(['m1', 0.3, 0.1, 3, 0.1, 0.1, 1]);
  });

  it('come from the probes manifests, ordered by paper then by probe: seed 000 (framing, then hallucination), 003, 004', () => {
    const transitions = { name: 'transitions', title: '', columns: ['source \\ output', 'positive', 'negative', 'neutral'], rows: [['positive', 1, 0, 0], ['negative', 0, 1, 0], ['neutral', 0, 0, 1]] };
    const confidence = { name: 'confidence', title: '', columns: ['cutoff', 'a', 'b', 'c', 'd'], rows: [['before', 1, 0, 1, 0]] };
    const tables = paperTables([
      probe('certainty', [group('m1', 'news', 4, { cd: 0.5, cd_up: 0.25, cd_down: 0.25, ratio: 1 })]),
      probe('position', [group('m1', 'news', 4, { wasserstein: 0.1, rouge1_f: 0.2 })]),
      probe('hallucination', [group('m1', 'pairs', 4, {}, { tables: [confidence] })]),
      probe('framing', [group('m1', 'news', 3, { phi_frame: 0 }, { tables: [transitions] })]),
    ]);
    expect(tables.map((t) => t.id)).toEqual(['seed000_table2', 'seed000_table6', 'seed003_spearman', 'seed004_table1', 'seed004_table2']);
  });
});
