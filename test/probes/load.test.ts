import { describe, expect, it } from 'vitest';
import { PROBE_NAMES } from '../../src/probes/names.js';
import { loadProbe } from '../../src/probes/load.js';
import { getProbe } from '../../src/probes/registry.js';
import { presenterOf } from '../../src/probes/presenters.js';

describe('loadProbe (each probe loaded on first use)', () => {
  it('gives, for every name, the probe the static registry holds', async () => {
    for (const name of PROBE_NAMES) expect(await loadProbe(name)).toBe(getProbe(name));
  });
  it('an unknown name is a user error naming the available probes', async () => {
    await expect(loadProbe('nope')).rejects.toThrow(/unknown probe "nope"; available: framing, primacy/);
  });
});

describe('presenters (the report without the probes)', () => {
  it('each is the probe\'s own present; an unknown probe has none', () => {
    for (const name of PROBE_NAMES) expect(presenterOf(name)).toBe(getProbe(name).present);
    expect(presenterOf('nope')).toBeUndefined();
    expect(presenterOf('toString')).toBeUndefined();
  });
});
