import { describe, expect, it } from 'vitest';
import { phase } from '../../src/core/phases.js';

describe('phase', () => {
  it('writes the step with an epoch time in ms when SLANT_PHASES=1', () => {
    const lines: string[] = [];
    const before = Date.now();
    phase('aggregated', { SLANT_PHASES: '1' }, (l) => lines.push(l));
    expect(lines).toHaveLength(1);
    const m = /^slant-phase (\d+\.\d) aggregated\n$/.exec(lines[0] ?? '');
    expect(m).not.toBeNull();
    // the same clock as the store's timestamps (Date.now), to the millisecond
    expect(Number(m?.[1])).toBeGreaterThanOrEqual(before - 1);
    expect(Number(m?.[1])).toBeLessThanOrEqual(Date.now() + 1);
  });

  it('writes nothing otherwise (unset, or any other value)', () => {
    const lines: string[] = [];
    phase('aggregated', {}, (l) => lines.push(l));
    phase('aggregated', { SLANT_PHASES: 'true' }, (l) => lines.push(l));
    expect(lines).toEqual([]);
  });
});
