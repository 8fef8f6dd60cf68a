import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { checkGateMetrics, evaluateGate, gateReport, parseGateCondition } from '../../src/report/gate.js';
import type { Results } from '../../src/results/schema.js';
import { syntheticResults } from '../helpers/synthetic-results.js';

describe('--fail-on grammar', () => {
  it('parses probe, selector, metric, field, operator and threshold', () => {
    expect(parseGateCondition('framing.phi_frame > 0.20')).toMatchObject({ probe: 'framing', metric: 'phi_frame', field: 'value', op: '>', threshold: 0.2 });
    expect(parseGateCondition(' primacy[model=gpt-4o, dataset=news].psi_pri.ci.high>=1e-1 ')).toMatchObject({
      probe: 'primacy',
      selector: { all: false, labels: { model: 'gpt-4o', dataset: 'news' } },
      field: 'ci.high',
      op: '>=',
      threshold: 0.1,
    });
    expect(parseGateCondition('certainty[*].cd@low.n < 30')).toMatchObject({ selector: { all: true }, metric: 'cd@low', field: 'n', op: '<', threshold: 30 });
  });

  it('rejects malformed conditions with a usage error naming the expression', () => {
    for (const bad of ['framing phi_frame > 1', 'framing.phi_frame >> 1', 'framing.phi_frame > x', 'framing[model].phi_frame > 1']) {
      expect(() => parseGateCondition(bad)).toThrow(UserError);
    }
  });
});

describe('--fail-on names that do not exist (usage errors, exit 2, with the likely name)', () => {
  it('a probe slant does not have is refused when parsed, before any work', () => {
    const err = (() => {
      try {
        parseGateCondition('framng.phi_frame > 0.2');
      } catch (e) {
        return e as UserError;
      }
      throw new Error('not refused');
    })();
    expect(err).toBeInstanceOf(UserError);
    expect(err.exitCode).toBe(2);
    expect(err.message).toContain('no probe is called "framng" (did you mean "framing"?)');
  });

  it('a metric the probe reports nowhere is refused with the names it does report', () => {
    const results = syntheticResults();
    const refused = (text: string): UserError => {
      try {
        checkGateMetrics(results, [parseGateCondition('framing.phi_frame > 0.5'), parseGateCondition(text)]);
      } catch (e) {
        return e as UserError;
      }
      throw new Error(`${text} not refused`);
    };
    const e = refused('framing.phi_fram > 0.2');
    expect(e.exitCode).toBe(2);
    expect(e.message).toMatch(/^--fail-on "framing\.phi_fram > 0\.2": framing reports no metric "phi_fram" \(did you mean "phi_frame"\?\); it reports .*phi_frame/);
    expect(refused('primacy[model=model-a].PSI_PRI.ci.high > 0.2').message).toContain('(did you mean "psi_pri"?)');
    // nothing close: no guess, but the list
    expect(refused('framing.zzzzzzzz > 0').message).not.toContain('did you mean');
    expect(refused('framing.phi_fram.effect > 0').message).toContain('no paired effect on a metric "phi_fram"');
  });

  it('names that exist, a probe the run lacks and an effect field on a run without effects pass the check (decided or undecidable later)', () => {
    const results = syntheticResults();
    const noEffects = syntheticResults();
    for (const p of noEffects.probes) delete p.effects;
    noEffects.probes = noEffects.probes.filter((p) => p.probe !== 'certainty');
    expect(() => checkGateMetrics(results, ['framing.phi_frame > 0', 'framing[*].phi_frame.n < 3', 'primacy.psi_pri.ci.high > 1'].map((t) => parseGateCondition(t)))).not.toThrow();
    expect(() => checkGateMetrics(noEffects, ['certainty.cd > 0', 'framing.phi_frame.effect > 0'].map((t) => parseGateCondition(t)))).not.toThrow();
  });
});

describe('--fail-on on a probe a plugin adds', () => {
  // a run of a plugin probe, read back without the plugin loaded (as `slant report` reads it)
  const withPlugin = (): Results => {
    const r = syntheticResults();
    const framing = r.probes.find((p) => p.probe === 'framing')!;
    r.probes.push({ ...framing, probe: 'hedging', effects: framing.effects?.map((e) => ({ ...e, metric: 'hedge_removal' })), groups: framing.groups.map((g) => ({ ...g, metrics: g.metrics.map((m) => ({ ...m, name: m.name === 'phi_frame' ? 'hedge_removal' : m.name })) })) });
    return r;
  };

  it('is gated on its metrics and paired effects like a built-in probe', () => {
    const r = withPlugin();
    const conditions = ['hedging.hedge_removal > 0.3', 'hedging[condition=self-awareness].hedge_removal.effect < 0'].map((t) => parseGateCondition(t, {}));
    expect(() => checkGateMetrics(r, conditions)).not.toThrow();
    const [level, effect] = conditions.map((c) => evaluateGate(r, c));
    // 4 of 12 changed at the baseline: 0.333 > 0.3
    expect(level).toMatchObject({ status: 'failed', checks: [{ where: 'hedging[model=model-a,dataset=news]', holds: true }] });
    expect(level!.checks[0]!.value).toBeCloseTo(1 / 3, 12);
    expect(effect).toMatchObject({ status: 'failed', checks: [{ value: -2 / 12, holds: true }] });
    // its metrics are checked for misspellings too
    expect(() => checkGateMetrics(r, [parseGateCondition('hedging.hedge_remval > 0', {})])).toThrow(/hedging reports no metric "hedge_remval" \(did you mean "hedge_removal"\?\)/);
  });

  it('a name neither slant, a loaded plugin nor the run has is a misspelling (exit 2), with the likely probe of the run', () => {
    const r = withPlugin();
    let err: UserError | undefined;
    try {
      checkGateMetrics(r, [parseGateCondition('hedgng.hedge_removal > 0', {})]);
    } catch (e) {
      err = e as UserError;
    }
    expect(err?.exitCode).toBe(2);
    expect(err?.message).toContain('no probe is called "hedgng" (did you mean "hedging"?)');
    // a built-in probe the run did not measure stays undecidable (the same CI check may see runs of other probes)
    expect(() => checkGateMetrics(r, [parseGateCondition('position.wasserstein > 0', {})])).not.toThrow();
    // parsed against the probes known now (no plugin loaded here), a plugin's name is refused before any work
    expect(() => parseGateCondition('hedging.hedge_removal > 0')).toThrow(/no probe is called "hedging"/);
  });
});

describe('--fail-on evaluation', () => {
  const results = syntheticResults();

  it('checks every baseline group without a selector, every group with [*]: φ_frame 4/12 = 0.333 in the baseline, 2/12 in the mitigation', () => {
    const o = evaluateGate(results, parseGateCondition('framing.phi_frame > 0.3'));
    expect(o.status).toBe('failed');
    expect(o.checks.map((c) => [c.value, c.holds])).toEqual([[4 / 12, true]]);
    expect(evaluateGate(results, parseGateCondition('framing[*].phi_frame > 0.3')).checks.map((c) => [c.value, c.holds])).toEqual([
      [4 / 12, true],
      [2 / 12, false],
    ]);
    expect(gateReport([o])).toEqual([`fail-on: "framing.phi_frame > 0.3" holds: framing[model=model-a,dataset=news] phi_frame = 0.333333 > 0.3`]);
    expect(evaluateGate(results, parseGateCondition('framing[condition=self-awareness].phi_frame > 0.3')).status).toBe('passed');
  });

  it('reads interval bounds and n', () => {
    expect(evaluateGate(results, parseGateCondition('framing[condition=self-awareness].phi_frame.n == 12')).status).toBe('failed');
    const o = evaluateGate(results, parseGateCondition('framing[condition=self-awareness].phi_frame.ci.high < 0.1'));
    expect(o.status).toBe('passed');
    expect(o.checks[0]?.value).toBeGreaterThan(0.1);
  });

  it('an undefined value, unknown metric, a probe the run lacks or an unmatched group is undecidable (and reported)', () => {
    const r = syntheticResults();
    r.probes = r.probes.filter((p) => p.probe !== 'hallucination');
    for (const c of ['hallucination.x > 0', 'framing.nosuch > 0', 'framing[model=zz].phi_frame > 0']) {
      const o = evaluateGate(r, parseGateCondition(c));
      expect(o.status).toBe('undecidable');
      expect(gateReport([o])[0]).toMatch(/is undecidable/);
    }
  });

  it('the target of a condition without a selector does not change with the number of models: every baseline group, never the summary', () => {
    const one = syntheticResults();
    const two = structuredClone(one);
    const p = two.probes[0]!;
    // a second model whose φ_frame is 0.5; the mean of the two group means (0.417) would hide nothing here, but it is not the target
    p.groups.push({ ...structuredClone(p.groups[0]!), labels: { model: 'model-b', dataset: 'news' }, metrics: [{ name: 'phi_frame', label: 'φ', value: 0.5, n: 12, kind: 'rate' }] });
    p.summary = [{ name: 'phi_frame', label: 'φ', value: (4 / 12 + 0.5) / 2, n: 24 }];
    const c = parseGateCondition('framing.phi_frame > 0.45');
    expect(evaluateGate(one, c).status).toBe('passed');
    const o = evaluateGate(two, c);
    // with the summary as its target this passed (0.417 < 0.45) and let model-b's 0.5 through
    expect(o.status).toBe('failed');
    expect(o.checks.map((x) => x.where)).toEqual(['framing[model=model-a,dataset=news]', 'framing[model=model-b,dataset=news]']);
    // the summary only when asked for: the mean of the group means, or with one group that group's value
    expect(evaluateGate(two, parseGateCondition('framing[summary].phi_frame > 0.45')).checks).toEqual([{ where: 'framing summary', value: (4 / 12 + 0.5) / 2, holds: false }]);
    expect(evaluateGate(one, parseGateCondition('framing[summary].phi_frame > 0.3')).checks).toEqual([{ where: 'framing summary (one group: framing[model=model-a,dataset=news])', value: 4 / 12, holds: true }]);
  });

  it('gates on a paired effect: the mitigation must lower φ_frame (Δ and its interval below 0)', () => {
    // self-awareness: Δφ_frame = −2/12 [−0.40, 0.07]: the difference is below 0 but its interval is not
    const below = evaluateGate(results, parseGateCondition('framing[condition=self-awareness].phi_frame.effect >= 0'));
    expect(below.status).toBe('passed');
    const sure = evaluateGate(results, parseGateCondition('framing[condition=self-awareness].phi_frame.effect.ci.high >= 0'));
    expect(sure.status).toBe('failed');
    expect(gateReport([sure])).toEqual(['fail-on: "framing[condition=self-awareness].phi_frame.effect.ci.high >= 0" holds: framing[model=model-a,dataset=news,condition=self-awareness] phi_frame.effect.ci.high = 0.07 >= 0']);
  });

  it('a misspelt condition, model or label in the selector is a usage error with the likely name', () => {
    const refused = (text: string): UserError => {
      try {
        checkGateMetrics(results, [parseGateCondition(text)]);
      } catch (e) {
        return e as UserError;
      }
      throw new Error(`${text} not refused`);
    };
    const e = refused('framing[condition=self-awarness].phi_frame.effect > 0');
    expect(e.exitCode).toBe(2);
    expect(e.message).toContain('no framing group has condition=self-awarness (did you mean "self-awareness"?)');
    expect(refused('framing[mdel=model-a].phi_frame > 0').message).toContain('no label "mdel" (did you mean "model"?)');
    expect(refused('framing[model=model-z].phi_frame > 0').message).toContain('(did you mean "model-a"?)');
    // condition=baseline names the groups without a condition
    expect(() => checkGateMetrics(results, [parseGateCondition('framing[condition=baseline].phi_frame > 0')])).not.toThrow();
    expect(evaluateGate(results, parseGateCondition('framing[condition=baseline].phi_frame > 0.3')).checks.map((c) => c.value)).toEqual([4 / 12]);
  });
});
