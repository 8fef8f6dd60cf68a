import { describe, expect, expectTypeOf, it } from 'vitest';
import { getProbe, type ProbeMeasurement, type ProbeOptions } from '../../src/index.js';
import type { FramingMeasurement } from '../../src/probes/framing/index.js';

describe('typed getProbe', () => {
  it('a known name gives that probe with its own measurement and options types', () => {
    const framing = getProbe('framing');
    expect(framing.name).toBe('framing');
    expectTypeOf<ProbeMeasurement<'framing'>>().toEqualTypeOf<FramingMeasurement>();
    expectTypeOf(framing.optionsSchema.parse({})).toEqualTypeOf<ProbeOptions<'framing'>>();
    expect(() => getProbe('nope')).toThrow(/unknown probe "nope"/);
  });
});
