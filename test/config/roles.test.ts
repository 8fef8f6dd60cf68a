import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { parseConfig } from '../../src/config/load.js';
import { configJsonSchema } from '../../src/config/schema.js';
import { planProbes } from '../../src/pipeline/plan.js';

const base = { datasets: [{ name: 'd', path: 'd.jsonl' }], probes: [{ name: 'certainty' }] };
const error = (f: () => unknown): UserError => {
  try {
    f();
  } catch (e) {
    return e as UserError;
  }
  throw new Error('expected an error');
};

describe('model roles in slant.yaml', () => {
  it('roles: { generator, judge, embedder } parse to the same config as the old keys', () => {
    const old = parseConfig({ ...base, models: [{ id: 'openai:gpt-4o-mini' }, { id: 'ollama:llama3.2', label: 'llama' }], judges: { llm: 'openai:o4-mini', embedder: 'openai:text-embedding-3-small' } });
    const byRole = parseConfig({ ...base, roles: { generator: ['openai:gpt-4o-mini', { id: 'ollama:llama3.2', label: 'llama' }], judge: 'openai:o4-mini', embedder: 'openai:text-embedding-3-small' } });
    expect(byRole).toEqual(old);
    // a config without roles has none after parsing: its stored form (and its results) do not change
    expect('roles' in old).toBe(false);
    // one generator may be given alone
    expect(parseConfig({ ...base, roles: { generator: 'builtin:lead-3' } }).models).toEqual([{ id: 'builtin:lead-3' }]);
  });

  it('the moderator role stays in the parsed config, and parsing the stored config again gives the same config', () => {
    const once = parseConfig({ ...base, roles: { generator: 'openai:gpt-4o-mini', judge: 'openai:o4-mini', moderator: 'openai:gpt-4o' } });
    expect(once.roles).toEqual({ moderator: 'openai:gpt-4o' });
    expect(once.judges.llm).toBe('openai:o4-mini');
    expect(parseConfig(JSON.parse(JSON.stringify(once)))).toEqual(once);
  });

  it('a role given twice, differently, is an error naming both keys; the same model twice is fine', () => {
    const e = error(() => parseConfig({ ...base, models: [{ id: 'openai:gpt-4o-mini' }], roles: { judge: 'openai:o4-mini' }, judges: { llm: 'openai:gpt-4o' } }, 'slant.yaml'));
    expect(e).toBeInstanceOf(UserError);
    expect(e.message).toContain('slant.yaml is not valid:\n  - roles.judge: names "openai:o4-mini", but judges.llm names "openai:gpt-4o"; give the judge in one place (roles.judge or judges.llm)');
    expect(error(() => parseConfig({ ...base, models: [{ id: 'a:b' }], roles: { generator: 'a:c' } })).message).toMatch(/roles\.generator: names a different list, but models names a different list/);
    expect(error(() => parseConfig({ ...base, probes: [{ name: 'certainty', options: { moderator: 'openai:gpt-4o' } }], models: [{ id: 'a:b' }], roles: { moderator: 'openai:o3' } })).message).toMatch(
      /roles\.moderator: names "openai:o3", but probes\[0\]\.options\.moderator names "openai:gpt-4o"/,
    );
    expect(parseConfig({ ...base, models: [{ id: 'a:b' }], roles: { judge: 'openai:o4-mini' }, judges: { llm: 'openai:o4-mini' } }).judges.llm).toBe('openai:o4-mini');
  });

  it('no models under test, an unknown role or a bad id is refused naming the key', () => {
    expect(error(() => parseConfig({ ...base, roles: { judge: 'openai:o4-mini' } })).message).toContain('  - models: expected the models under test: models: [{ id: "<provider>:<model>" }] or roles.generator');
    expect(error(() => parseConfig({ ...base, roles: { generator: 'a:b', critic: 'x:y' } })).message).toMatch(/roles: unknown key\(s\) "critic"/);
    expect(error(() => parseConfig({ ...base, roles: { generator: 'a:b', judge: 'gpt-4o' } })).message).toMatch(/roles\.judge: expected "<provider>:<model>"/);
  });

  it("the JSON Schema takes models or roles.generator, and describes each role", () => {
    const s = configJsonSchema() as { required?: string[]; anyOf?: unknown[]; properties: { roles: { properties: Record<string, { description?: string }> } } };
    expect(s.required ?? []).not.toContain('models');
    expect(s.anyOf).toEqual([{ required: ['models'] }, { required: ['roles'], properties: { roles: { required: ['generator'] } } }]);
    expect(Object.keys(s.properties.roles.properties)).toEqual(['generator', 'judge', 'moderator', 'embedder']);
    expect(s.properties.roles.properties.judge?.description).toMatch(/same as judges\.llm/);
  });

  it('a run hands the moderator role to every probe whose options take one, and refuses it when none does', async () => {
    const planned = await planProbes([{ name: 'certainty' }, { name: 'framing' }], 'openai:gpt-4o');
    expect(planned.find((p) => p.probe.name === 'certainty')?.options.moderator).toBe('openai:gpt-4o');
    expect(planned.find((p) => p.probe.name === 'framing')?.options.moderator).toBeUndefined();
    // a probe's own moderator is kept (the CLI's --moderator writes it there)
    const own = await planProbes([{ name: 'certainty', options: { moderator: 'openai:o3' } }], 'openai:gpt-4o');
    expect(own[0]?.options.moderator).toBe('openai:o3');
    await expect(planProbes([{ name: 'framing' }], 'openai:gpt-4o')).rejects.toThrow('roles.moderator (openai:gpt-4o): no probe of this run takes a moderator');
  });
});
