import { describe, expect, it } from 'vitest';
import { buildReportModel } from '../../src/report/model.js';
import { statText } from '../../src/report/format.js';
import { isStat, type PresentedTable, type Stat } from '../../src/results/presentation.js';
import { resultsSchema } from '../../src/results/schema.js';
import { syntheticResults } from '../helpers/synthetic-results.js';

describe('report model', () => {
  const results = syntheticResults();
  const model = buildReportModel(results);

  it('the results schema accepts effects, costs and condition labels', () => {
    expect(resultsSchema.safeParse(JSON.parse(JSON.stringify(results))).success).toBe(true);
  });

  it('seed 000 Table 1 has one baseline row per (model, dataset), with n and interval, titled by what it shows and citing the paper', () => {
    const t1 = model.paperTables.find((t) => t.id === 'seed000-table1');
    expect(t1?.title).toBe('Framing and primacy per model — Alessa et al. 2025, Table 1');
    // what each metric means before its symbol; the symbols alone for narrow screens
    expect(t1?.columns).toEqual(['model', 'dataset', 'framing change rate φ_frame', 'similarity to the first third s̄_b', 'similarity to the middle third s̄_m', 'similarity to the last third s̄_e', 'primacy bias rate ψ_pri']);
    expect(t1?.short).toEqual(['model', 'dataset', 'φ_frame', 's̄_b', 's̄_m', 's̄_e', 'ψ_pri']);
    expect(t1?.rows).toHaveLength(1);
    const phi = t1?.rows[0]?.[2] as Stat;
    // 4 of 12 items changed framing in the baseline group
    expect(phi.value).toBeCloseTo(4 / 12, 12);
    expect(phi.n).toBe(12);
    expect(phi.ci?.low).toBeLessThan(phi.value as number);
  });

  it('Table A6 lists the baseline row then each mitigation per (model, dataset), values with n, then the paired effects', () => {
    const a6 = model.overview.tables.filter((t) => t.id.startsWith('seed000-tableA6-'));
    expect(a6.map((t) => t.title)).toEqual(['Framing and primacy per mitigation, model-a on news — Alessa et al. 2025, Table A6', 'Paired effects against the baseline, model-a on news']);
    const [values, effects] = a6 as [PresentedTable, PresentedTable];
    expect(values.short).toEqual(['condition', 'n', 'φ_frame', 's̄_b', 's̄_m', 's̄_e', 'ψ_pri', 'ρ_pri', 'calls', 'tokens in/out']);
    expect(values.columns.slice(2, 4)).toEqual(['framing change rate φ_frame', 'similarity to the first third s̄_b']);
    expect(effects.columns[1]).toBe('change in framing change rate Δφ_frame');
    expect(values.rows.map((r) => r[0])).toEqual(['baseline', 'self-awareness']);
    expect((values.rows[1]?.[2] as Stat).value).toBeCloseTo(2 / 12, 12);
    // ρ_pri as the primacy probe reports it, with its n
    expect(values.rows[0]?.[7]).toMatchObject({ n: 12 });
    // the effect is a signed difference with its paired interval
    expect(effects.rows.map((r) => r[0])).toEqual(['self-awareness']);
    expect(effects.rows[0]?.[1]).toMatchObject({ value: -2 / 12, difference: true, ci: { low: -0.4, high: 0.07 } });
  });

  it('effects become a table and a forest plot with their intervals; an undefined difference stays null', () => {
    const fx = model.overview.tables.find((t) => t.id === 'effects');
    expect(fx?.rows).toHaveLength(2);
    const d = fx?.rows[0]?.[7] ?? null;
    expect(isStat(d) && d.ci?.low).toBe(-0.4);
    // φ_frame is a rate: its paired effect prints in percentage points, as in the Table A6 effects
    expect(isStat(d) && statText(d)).toBe(`${(-200 / 12).toFixed(1)} pp [-40.0, 7.0]`);
    expect(fx?.rows[1]?.[7]).toMatchObject({ value: null, n: 0 });
    const forest = model.overview.figures.find((f) => f.id === 'forest-framing-phi_frame');
    expect(forest?.kind).toBe('intervals');
    expect(forest && forest.kind === 'intervals' && forest.points.map((p) => [p.category, p.value, p.low, p.high])).toEqual([
      ['self-awareness', -2 / 12, -0.4, 0.07],
      ['cot', null, null, null],
    ]);
    // calls, from cache, …, × calls
    const costRow = model.overview.tables.find((t) => t.id === 'costs')?.rows[1];
    expect(costRow?.[5]).toBe(0);
    expect(costRow?.[9]).toBe(2);
  });

  it('every probe presents tables and figures; same-id figures of groups are merged', () => {
    const by = Object.fromEntries(model.probes.map((p) => [p.probe, p]));
    expect(by.framing?.figures.filter((f) => f.kind === 'heatmap')).toHaveLength(2);
    const thirds = by.primacy?.figures.find((f) => f.id === 'thirds');
    expect(thirds?.kind === 'intervals' && new Set(thirds.points.map((p) => p.series)).size).toBe(2);
    expect(by.position?.figures.map((f) => f.id)).toEqual(['figure2', 'figure3']);
    expect(by.wildframe?.figures.map((f) => f.id)).toEqual(['figure3', 'pearson']);
    const wf = by.wildframe?.figures[0];
    expect(wf?.kind === 'intervals' && wf.points.map((p) => p.series)).toContain('humans (majority)');
    expect(by.certainty?.groups[0]?.presentation.tables.map((t) => t.id)).toEqual(['table1', 'table2', 'ranking']);
    expect(by.certainty?.figures.map((f) => f.id)).toEqual(['cd', 'bt-ranking']);
    expect(by.hallucination?.groups[0]?.presentation.tables.map((t) => t.id)).toEqual(['table4', 'delta_h', 'table6']);
  });
});
