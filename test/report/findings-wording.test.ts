import { describe, expect, it } from 'vitest';
import { above, apart, below, effectSign, intervalWords, listWords, metricHeading, nWords, READ_WITH_CARE_BELOW, sentence, statWords, TRUSTED_FROM, trustVerdict, valueWords } from '../../src/report/findings-wording.js';

describe('findings wording rules', () => {
  it('rates are whole percentages (one decimal below 1%), their interval without the sign', () => {
    expect(valueWords(0.4, 'rate')).toBe('40%');
    expect(valueWords(0.31, 'rate')).toBe('31%');
    expect(valueWords(0.025, 'rate')).toBe('3%');
    expect(valueWords(0.005, 'rate')).toBe('0.5%');
    expect(valueWords(0, 'rate')).toBe('0%');
    expect(valueWords(0.04, 'rate')).toBe('4%');
    expect(statWords({ value: 0.4, ci: { low: 0.219, high: 0.613 }, kind: 'rate' })).toBe('40% [22, 61]');
  });

  it('a difference of rates is its size in percentage points; its interval keeps the signs with a true minus', () => {
    expect(valueWords(-0.25, 'rate', { difference: true })).toBe('25 pp');
    expect(intervalWords({ low: -0.47, high: -0.04 }, 'rate')).toBe('[−47, −4]');
    expect(statWords({ value: -0.25, ci: { low: -0.47, high: -0.104 }, kind: 'rate' }, { difference: true })).toBe('25 pp [−47, −10]');
    expect(statWords({ value: 0.033, ci: { low: -0.01, high: 0.076 }, kind: 'mean' }, { difference: true })).toBe('0.033 [−0.010, 0.076]');
  });

  it('means have two decimals (three below 0.1); an undefined value is "—"', () => {
    expect(statWords({ value: 0.7, ci: { low: 0.66, high: 0.74 }, kind: 'mean' })).toBe('0.70 [0.66, 0.74]');
    expect(valueWords(0.05, 'mean')).toBe('0.050');
    expect(valueWords(null, 'rate')).toBe('—');
    expect(statWords({ value: 0.5, ci: { low: null, high: null }, kind: 'mean' })).toBe('0.50');
  });

  it('n is in brackets, paired when it is, with the answers left out of it', () => {
    expect(nWords(40)).toBe('(n = 40)');
    expect(nWords(20, { paired: true })).toBe('(paired, n = 20)');
    expect(nWords(17, { excluded: { unreadable: 3 } })).toBe('(n = 17 · 3 unreadable)');
  });

  it('a level is shown against a reference only when its whole interval is on one side', () => {
    expect(above({ low: 0.01, high: 0.3 }, 0)).toBe(true);
    expect(above({ low: 0, high: 0.3 }, 0)).toBe(false);
    expect(above(undefined, 0)).toBe(false);
    expect(below({ low: -0.47, high: -0.04 }, 0)).toBe(true);
    expect(effectSign({ low: -0.47, high: -0.04 })).toBe(-1);
    expect(effectSign({ low: 0.02, high: 0.1 })).toBe(1);
    expect(effectSign({ low: -0.1, high: 0.2 })).toBe(0);
    expect(effectSign({ low: null, high: null })).toBe(0);
  });

  it('two means differ only when their intervals do not overlap', () => {
    expect(apart({ low: 0.66, high: 0.74 }, { low: 0.18, high: 0.24 })).toBe(true);
    expect(apart({ low: 0.524, high: 0.62 }, { low: 0.444, high: 0.587 })).toBe(false);
    expect(apart({ low: 0.5, high: 0.6 }, { low: 0.4, high: 0.5 })).toBe(false);
  });

  it("a judge's balanced accuracy decides how far its numbers are trusted", () => {
    expect([TRUSTED_FROM, READ_WITH_CARE_BELOW]).toEqual([0.8, 0.7]);
    expect(trustVerdict({ balancedAccuracy: 0.8 })).toBe('trusted');
    expect(trustVerdict({ balancedAccuracy: 0.79 })).toBe('fair');
    expect(trustVerdict({ balancedAccuracy: 0.7 })).toBe('fair');
    expect(trustVerdict({ balancedAccuracy: 0.64 })).toBe('read with care');
    expect(trustVerdict({ balancedAccuracy: null })).toBe('unknown');
    expect(trustVerdict(undefined)).toBe('unknown');
  });

  it('metrics are named by what they mean, then their symbol', () => {
    expect(metricHeading('psi_pri')).toBe('primacy bias rate ψ_pri');
    expect(metricHeading('mean_s_e')).toBe('similarity to the last third s̄_e');
    expect(metricHeading('phi_frame')).toBe('framing change rate φ_frame');
    expect(metricHeading('new_metric', 'a new metric')).toBe('a new metric');
  });

  it('lists and sentences', () => {
    expect(listWords(['a'])).toBe('a');
    expect(listWords(['a', 'b'])).toBe('a and b');
    expect(listWords(['a', 'b', 'c'])).toBe('a, b and c');
    expect(sentence('the end. ')).toBe('The end.');
    expect(sentence('my-model draws', { name: true })).toBe('my-model draws.');
  });
});
