import { describe, expect, it } from 'vitest';
import { PROBE_NAMES } from '../../src/probes/names.js';
import { probeNames } from '../../src/probes/registry.js';

describe('probe names', () => {
  it('the light list (for config schemas and --help) names exactly the registered probes', () => {
    expect([...PROBE_NAMES].sort()).toEqual(probeNames().sort());
  });
});
