import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_CONFIG } from '../../src/config/example.js';
import { parseConfig } from '../../src/config/load.js';
import { configJsonSchema } from '../../src/config/schema.js';
import { runCli } from '../helpers/run-cli.js';

describe('config', () => {
  it('the example written by `slant init` is valid', () => {
    const cfg = parseConfig(parse(EXAMPLE_CONFIG));
    expect(cfg.models.map((m) => m.id)).toEqual(['builtin:lead-3', 'builtin:textrank']);
    expect(cfg.generation).toEqual({ prompt: 'alessa-summarize', temperature: 0, maxTokens: 500, seed: 42 });
  });

  it('names the key and the allowed values', () => {
    expect(() => parseConfig({ models: [{ id: 'builtin:lead-3' }], datasets: [{ name: 'd', builtin: 'demo-reviews' }], probes: [{ name: 'framingg' }] })).toThrow(
      /probes\[0\]\.name: .*allowed: "framing", "primacy", "position"/s,
    );
    expect(() => parseConfig({ models: [{ id: 'lead3' }], datasets: [{ name: 'd', builtin: 'demo-reviews' }], probes: [{ name: 'framing' }] })).toThrow(/models\[0\]\.id: expected "<provider>:<model>"/);
    expect(() => parseConfig({ models: [{ id: 'builtin:lead-3' }], datasets: [{ name: 'd', path: 'x.jsonl', builtin: 'demo-reviews' }], probes: [{ name: 'framing' }] })).toThrow(/exactly one of "path" or "builtin"/);
    expect(() => parseConfig({ models: [{ id: 'builtin:lead-3' }], datasets: [{ name: 'd', builtin: 'demo-reviews' }], probes: [{ name: 'framing' }], concurency: 3 })).toThrow(/unknown key\(s\) "concurency"/);
  });

  it('generates a JSON Schema with the config keys', () => {
    const schema = configJsonSchema() as { properties: Record<string, unknown>; required?: string[] };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['models', 'datasets', 'probes', 'judges', 'generation']));
  });

  it('`slant run` reports YAML syntax errors with the line, and invalid configs with exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-config-'));
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'models:\n  - id: builtin:lead-3\n   bad: [\n');
    const a = await runCli(['run', '-c', bad]);
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/bad\.yaml, line \d+/);
    const invalid = join(dir, 'invalid.yaml');
    writeFileSync(invalid, 'models: []\ndatasets: []\nprobes: []\n');
    const b = await runCli(['run', '-c', invalid]);
    expect(b.code).toBe(2);
    expect(b.stderr).toContain('models');
    const missing = await runCli(['run', '-c', join(dir, 'nope.yaml')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('config file not found');
  });

  it('`slant schema` prints the config and results JSON Schemas', async () => {
    const config = JSON.parse((await runCli(['schema', 'config'])).stdout) as { properties: Record<string, unknown> };
    expect(Object.keys(config.properties)).toContain('providers');
    const results = JSON.parse((await runCli(['schema', 'results'])).stdout) as { properties: Record<string, unknown> };
    expect(Object.keys(results.properties)).toEqual(expect.arrayContaining(['schema', 'run', 'probes', 'warnings', 'usage']));
    expect((await runCli(['schema', 'other'])).code).toBe(2);
  });

  it('`slant init` refuses to overwrite without --force', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-init-'));
    const file = join(dir, 'slant.yaml');
    expect((await runCli(['init', '-o', file])).code).toBe(0);
    const again = await runCli(['init', '-o', file]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('--force');
  });
});
