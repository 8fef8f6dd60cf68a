import { readFileSync, existsSync } from 'node:fs';
import { parse as parseYaml, YAMLParseError } from 'yaml';
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

export function loadConfigFile(path: string): SlantConfig {
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
    raw = parseYaml(text, { prettyErrors: true, maxAliasCount: 100 });
  } catch (err) {
    if (err instanceof YAMLParseError) {
      const pos = err.linePos?.[0];
      throw new UserError(`${path}${pos ? `, line ${pos.line}, column ${pos.col}` : ''}: invalid YAML: ${err.message.split('\n')[0]}`);
    }
    // e.g. "Excessive alias count indicates a resource exhaustion attack"
    if (err instanceof Error) throw new UserError(`${path}: invalid YAML: ${err.message}`, { hint: 'aliases (*name) may be expanded at most 100 times' });
    throw err;
  }
  return parseConfig(raw ?? {}, path);
}
