import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { checkGateMetrics, evaluateGate, gateReport, parseGateCondition } from '../../src/report/gate.js';
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
    expect(() => checkGateMetrics(results, ['framing.phi_frame > 0', 'framing[*].phi_frame.n < 3', 'primacy.psi_pri.ci.high > 1'].map(parseGateCondition))).not.toThrow();
    expect(() => checkGateMetrics(noEffects, ['certainty.cd > 0', 'framing.phi_frame.effect > 0'].map(parseGateCondition))).not.toThrow();
  });
});

describe('--fail-on evaluation', () => {
  const results = syntheticResults();

  it('checks every matching group: φ_frame 4/12 = 0.333 in the baseline, 2/12 in the mitigation', () => {
    const o = evaluateGate(results, parseGateCondition('framing.phi_frame > 0.3'));
    expect(o.status).toBe('failed');
    expect(o.checks.map((c) => [c.value, c.holds])).toEqual([
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

  it('uses the summary when the probe has one and no selector is given', () => {
    const r = syntheticResults();
    const p = r.probes[0]!;
    p.summary = [{ name: 'phi_frame', label: 'φ', value: 0.05, n: 24 }];
    const o = evaluateGate(r, parseGateCondition('framing.phi_frame > 0.2'));
    expect(o.checks.map((c) => c.where)).toEqual(['framing summary']);
    expect(o.status).toBe('passed');
  });
});
