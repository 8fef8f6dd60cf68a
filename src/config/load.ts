import { readFileSync, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isMap, isScalar, LineCounter, parseDocument, visit, YAMLParseError } from 'yaml';
import type { z } from 'zod';
import { UserError } from '../core/errors.js';
import { readProblem } from '../data/open-file.js';
import { configSchema, type SlantConfig } from './schema.js';
import { rejectUnknownProviderOptions } from './provider-options.js';
import { rejectConfigSecrets } from './secrets.js';

/** Turn zod issues into one readable message per issue: the key path, what is wrong, allowed values. */
export function formatZodIssues(issues: readonly z.core.$ZodIssue[], where: string): string {
  const lines = issues.map((issue) => {
    const path = issue.path.length ? issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p))).join('.').replace(/\.\[/g, '[') : '(top level)';
    let detail = issue.message;
    if (issue.code === 'invalid_value' && 'values' in issue) {
      detail = `${issue.message}; allowed: ${(issue.values as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    } else if (issue.code === 'unrecognized_keys' && 'keys' in issue) {
      detail = `unknown key(s) ${(issue.keys as string[]).map((k) => `"${k}"`).join(', ')}`;
    }
    return `  - ${path}: ${detail}`;
  });
  return `${where} is not valid:\n${lines.join('\n')}`;
}

export function parseConfig(raw: unknown, where = 'config'): SlantConfig {
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) throw new UserError(formatZodIssues(parsed.error.issues, where), { hint: 'see docs/config.md, or run `slant init` for a commented example' });
  rejectConfigSecrets(parsed.data, where);
  rejectUnknownProviderOptions(parsed.data, where);
  return parsed.data;
}

/**
 * `yaml.parse` with duplicate keys refused, in time linear in the number of keys: yaml's own
 * check compares each new key with every key before it (20,000 keys took 8.6 s, 200,000 did not
 * finish), so it is off and each map's keys go through a Set instead. Keys compare as yaml
 * compares them: equal scalar values (1 and 1.0 are one key, "1" and 1 are two).
 */
export function parseYamlLinear(text: string): unknown {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: false, lineCounter });
  const first = doc.errors[0];
  if (first !== undefined) throw first;
  visit(doc, {
    Map(_, map) {
      if (!isMap(map)) return;
      const seen = new Set<string>();
      for (const pair of map.items) {
        const k = pair.key;
        if (!isScalar(k)) continue;
        const id = `${typeof k.value}:${String(k.value)}`;
        if (seen.has(id)) {
          const at = k.range?.[0] ?? 0;
          const err = new YAMLParseError([at, at + 1], 'DUPLICATE_KEY', 'Map keys must be unique');
          err.linePos = [lineCounter.linePos(at)];
          throw err;
        }
        seen.add(id);
      }
    },
  });
  return doc.toJS({ maxAliasCount: 100 });
}

/**
 * A config file with its plugins: the plugins it names (`plugins:`, relative to its folder) are
 * loaded and registered first, so the probes, providers, judges and mitigations they add are known
 * when the rest of the file is checked.
 */
export async function loadConfigWithPlugins(path: string): Promise<SlantConfig> {
  const raw = readConfigYaml(path);
  const plugins = raw !== null && typeof raw === 'object' ? (raw as { plugins?: unknown }).plugins : undefined;
  if (plugins !== undefined) {
    if (!Array.isArray(plugins)) throw new UserError(`${path}: plugins: expected a list of plugin files (./my-plugin.js) or package names`);
    const { loadPlugins } = await import('../plugins/load.js');
    await loadPlugins(plugins as string[], dirname(resolve(path)), `${path}: plugins`);
  }
  const config = parseConfig(raw ?? {}, path);
  await checkChains(config, path);
  return config;
}

/** Chains of mitigations are checked where the file is known, so an error names it (the registry loads only for a config with chains). */
async function checkChains(config: SlantConfig, path: string): Promise<void> {
  const entries = config.mitigations === 'all' ? [] : (config.mitigations ?? []);
  if (!entries.some((e) => typeof e === 'object' && 'chain' in e)) return;
  const [{ getMitigation }, { chainCondition }] = await Promise.all([import('../mitigations/registry.js'), import('../mitigations/chain.js')]);
  entries.forEach((e, i) => {
    if (typeof e === 'object' && 'chain' in e) chainCondition(e, i, getMitigation, path);
  });
}

export function loadConfigFile(path: string): SlantConfig {
  return parseConfig(readConfigYaml(path) ?? {}, path);
}

function readConfigYaml(path: string): unknown {
  if (!existsSync(path)) throw new UserError(`config file not found: ${path}`, { hint: 'run `slant init` to write an example slant.yaml' });
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw readProblem(err, path, 'config file (YAML)');
  }
  let raw: unknown;
  try {
    // yaml caps alias expansion (maxAliasCount 100), so a "billion laughs" file fails fast
    raw = parseYamlLinear(text);
  } catch (err) {
    if (err instanceof YAMLParseError) {
      const pos = err.linePos?.[0];
      throw new UserError(`${path}${pos ? `, line ${pos.line}, column ${pos.col}` : ''}: invalid YAML: ${err.message.split('\n')[0]}`);
    }
    // e.g. "Excessive alias count indicates a resource exhaustion attack"
    if (err instanceof Error) throw new UserError(`${path}: invalid YAML: ${err.message}`, { hint: 'aliases (*name) may be expanded at most 100 times' });
    throw err;
  }
  return raw;
}
