import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BUILTIN_PROBES, loadProbe, probeFieldList, registerProbe } from '../../src/probes/manifests.js';
import { probeFields, runFields } from '../../src/pipeline/plan.js';
import type { PlannedProbe } from '../../src/pipeline/execute.js';

/** A probe's record fields are one list, in its manifest: binding, mappings and the data layer read it from there. */
const bare = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: 'a test probe',
  recordSchema: z.object({ id: z.string(), text: z.string() }),
  optionsSchema: z.object({}).strict(),
  needs: () => [],
  measure: async () => ({}),
  aggregate: () => ({ metrics: [] }),
  ...extra,
});

describe("a probe's fields", () => {
  it('are in each built-in manifest, and the probe code carries no second list', async () => {
    for (const m of BUILTIN_PROBES) {
      expect(m.fields?.length, m.name).toBeGreaterThan(0);
      expect(probeFieldList(m.name)).toBe(m.fields);
      expect((await loadProbe(m.name)).fields, m.name).toBeUndefined();
    }
    expect(probeFieldList('certainty').filter((f) => f.required).map((f) => f.name)).toEqual(['original', 'rewrite']);
  });

  it('feed the data layer: what a dataset must carry for `slant measure` and for `slant run`', async () => {
    const planned: PlannedProbe[] = await Promise.all(['framing', 'position'].map(async (name) => ({ probe: await loadProbe(name), options: {}, fields: probeFieldList(name) })));
    expect(probeFields(planned)).toEqual({ required: ['source', 'output'], optional: ['model', 'reference', 'references', 'outputs'], sentenceFields: ['reference'] });
    // in a run the model writes the output: the dataset needs only the source
    expect(runFields(planned).required).toEqual(['source']);
  });

  it("of a plugin's probe come from its manifest or its probe object; none at all is refused", async () => {
    await registerProbe({ name: 'fields-on-manifest', fields: [{ name: 'text', required: true, description: 'a text' }], load: async () => bare('fields-on-manifest') });
    expect(probeFieldList('fields-on-manifest').map((f) => f.name)).toEqual(['text']);
    await registerProbe({ name: 'fields-on-probe', load: async () => bare('fields-on-probe', { fields: [{ name: 'text', required: false, description: 'a text' }] }) });
    expect(probeFieldList('fields-on-probe')).toEqual([{ name: 'text', required: false, description: 'a text' }]);
    await expect(registerProbe({ name: 'no-fields', load: async () => bare('no-fields') }, 'my plugin')).rejects.toThrow('my plugin: probe "no-fields" names the record fields it reads (fields: [{ name, required, description }], in its manifest or on the probe)');
    expect(() => probeFieldList('no-fields')).toThrow(/unknown probe "no-fields"/);
  });
});
