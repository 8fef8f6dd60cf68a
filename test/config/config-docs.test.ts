import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { PROBE_NAMES, getProbe } from '../../src/probes/registry.js';
import { configJsonSchema, datasetSchema } from '../../src/config/schema.js';
import { MITIGATIONS } from '../../src/mitigations/registry.js';

const docs = readFileSync(new URL('../../docs/config.md', import.meta.url), 'utf8');

type JsonSchema = { properties?: Record<string, JsonSchema>; anyOf?: JsonSchema[] };

/** option paths of a JSON Schema: a, a.b for nested objects */
function paths(schema: JsonSchema, prefix: string): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(schema.properties ?? {})) {
    const p = `${prefix}.${k}`;
    out.push(p);
    const obj = v.properties ? v : v.anyOf?.find((x) => x.properties);
    // nested option objects (certainty.ranking) are listed key by key; maps and records are not
    if (obj?.properties && k === 'ranking') out.push(...paths(obj, p));
  }
  return out;
}

describe('docs/config.md', () => {
  it('lists every probe option reachable from slant.yaml', () => {
    const missing: string[] = [];
    for (const name of PROBE_NAMES) {
      const js = z.toJSONSchema(getProbe(name).optionsSchema as z.ZodType, { io: 'input' }) as JsonSchema;
      for (const p of paths(js, name)) if (!docs.includes(`\`${p}\``) && !new RegExp(`\`${p.replace(/\./g, '\\.')} / `).test(docs) && !docs.includes(` / \`${p}\``)) missing.push(p);
    }
    expect(missing).toEqual([]);
  });

  it('lists every mitigation option reachable from mitigations[].options', () => {
    const missing: string[] = [];
    for (const m of MITIGATIONS) {
      const js = z.toJSONSchema(m.optionsSchema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
      for (const k of Object.keys(js.properties ?? {})) {
        const p = `${m.id}.${k}`;
        // `a.x` alone, or grouped as `a.x` / `.y`
        if (!docs.includes(`\`${p}\``) && !new RegExp(`\`${m.id}\\.[\\w]+\` / (\`\\.\\w+\` / )*\`\\.${k}\``).test(docs)) missing.push(p);
      }
    }
    expect(missing).toEqual([]);
  });

  it('names every key of slant.yaml (top level, models[], probes[], mitigations[], judges, generation)', () => {
    type Node = JsonSchema & { items?: Node; $ref?: string; oneOf?: Node[] };
    const root = configJsonSchema() as Node & { $defs?: Record<string, Node> };
    const keys: string[] = [];
    const walk = (n: Node | undefined, path: string, depth: number): void => {
      if (!n || depth > 5) return;
      if (n.$ref) return walk(root.$defs?.[n.$ref.split('/').pop() ?? ''], path, depth + 1);
      for (const alt of [...(n.anyOf ?? []), ...(n.oneOf ?? [])]) walk(alt as Node, path, depth + 1);
      if (n.items) walk(n.items, `${path}[]`, depth + 1);
      for (const [k, v] of Object.entries(n.properties ?? {})) {
        const p = path ? `${path}.${k}` : k;
        keys.push(p);
        // probe options and dataset keys are checked above; provider options in providers.md
        if (!/^(probes\[\]\.options|datasets\[\]|models\[\]\.options|mitigations\[\]\.options|providers|prices)$/.test(p)) walk(v as Node, p, depth + 1);
      }
    };
    walk(root, '', 0);
    // documented: `key` itself, a `key.sub` row, or the leaf named in its parent's row (`models[]`: `{ id, label?, … }`)
    const documented = (k: string): boolean => {
      const parent = k.slice(0, k.lastIndexOf('.'));
      const leaf = k.slice(k.lastIndexOf('.') + 1);
      const rows = docs.split('\n').filter((l) => l.startsWith(`| \`${parent}\``) || l.startsWith(`| \`${parent.replace(/\[\]$/, '')}\``) || l.startsWith(`| \`${parent}.`));
      return docs.includes(`\`${k}\``) || docs.includes(`\`${k}[]\``) || docs.includes(`\`${k}.`) || (parent !== '' && rows.some((row) => new RegExp(`[{ ,\`]${leaf}[?:,} \`]`).test(row)));
    };
    const missing = [...new Set(keys)].filter((k) => !documented(k));
    expect(keys.length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('names every datasets[] key', () => {
    const keys = Object.keys((z.toJSONSchema(datasetSchema, { io: 'input' }) as JsonSchema).properties ?? {});
    const row = docs.split('\n').find((l) => l.startsWith('| `datasets[]`')) ?? '';
    for (const k of keys) expect(row, k).toContain(k);
  });
});
