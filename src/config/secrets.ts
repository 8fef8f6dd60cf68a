/**
 * Credentials never come from slant.yaml: a config is stored with every run (runs.config_json)
 * and copied around with projects. Under `providers.*` and `models[].options`, a setting or header
 * whose name is a credential's (apiKey, key, token, password, Authorization, x-api-key, …) or
 * whose value looks like one (`sk-…`, `Bearer …`) is rejected with the key path and the
 * environment variable to use instead. A header that a server needs and no variable of slant's
 * covers (a gateway token) may name a variable: `headers: { X-Gateway-Token: { env: GATEWAY_TOKEN } }`;
 * the config (and so the store) then holds only the variable's name.
 */
import { UserError } from '../core/errors.js';
import { isSecretName, redact, registerSecret } from '../core/redact.js';
import { providerEnv } from '../models/provider-env.js';

interface Finding {
  path: string;
  provider: string;
  why: string;
}

/** A header value that names an environment variable instead of holding the secret. */
function isEnvReference(v: unknown): v is { env: string } {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 1 && typeof (v as { env?: unknown }).env === 'string';
}

function walk(value: unknown, path: string, provider: string, out: Finding[], inHeaders = false): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => walk(v, `${path}[${i}]`, provider, out));
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = `${path}.${k}`;
      if (inHeaders && isEnvReference(v)) continue;
      if (isSecretName(k)) out.push({ path: p, provider, why: 'is a credential setting' });
      else walk(v, p, provider, out, k === 'headers');
    }
    return;
  }
  if (typeof value === 'string' && redact(value) !== value) out.push({ path, provider, why: 'holds a value that looks like a credential' });
}

function keyVariable(provider: string): string | undefined {
  return providerEnv(provider)?.find((e) => isSecretName(e));
}

/** Every string anywhere in the config that looks like a credential (a key in a model id's URL, in a prompt, …). */
function shapedValues(value: unknown, path: string, out: Finding[]): void {
  if (typeof value === 'string') {
    if (redact(value) !== value) out.push({ path, provider: '', why: 'holds a value that looks like a credential' });
  } else if (Array.isArray(value)) value.forEach((v, i) => shapedValues(v, `${path}[${i}]`, out));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) shapedValues(v, path === '' ? k : `${path}.${k}`, out);
}

/**
 * Throw a UserError listing every credential under `providers.*` and `models[].options` (by name
 * or by shape) and every credential-shaped value elsewhere, with paths as in slant.yaml.
 */
export function rejectConfigSecrets(config: { providers?: Record<string, unknown>; models?: { id: string; options?: Record<string, unknown> }[] }, where: string): void {
  const found: Finding[] = [];
  for (const [provider, options] of Object.entries(config.providers ?? {})) walk(options, `providers.${provider}`, provider, found, false);
  (config.models ?? []).forEach((m, i) => {
    if (m.options !== undefined) walk(m.options, `models[${i}].options`, m.id.slice(0, m.id.indexOf(':')), found, false);
  });
  const { providers: _p, models, ...rest } = config as Record<string, unknown> & { models?: { options?: unknown }[] };
  shapedValues(rest, '', found);
  (models ?? []).forEach((m, i) => {
    const { options: _o, ...own } = m as Record<string, unknown>;
    shapedValues(own, `models[${i}]`, found);
  });
  if (found.length === 0) return;
  const lines = found.map((f) => {
    if (f.provider === '') return `  - ${f.path} ${f.why}: keys come from the environment (docs/providers.md)`;
    const env = keyVariable(f.provider);
    const instead = env !== undefined ? `set ${env} in the environment instead` : `${f.provider} reads no API key from slant; for a header a server needs, write { env: VARIABLE_NAME } as its value`;
    return `  - ${f.path} ${f.why}: remove it and ${instead}`;
  });
  throw new UserError(`${where}: credentials are never read from the config (it is stored with every run):\n${lines.join('\n')}`, {
    hint: 'see "Keys" in docs/config.md; a header a server needs may be written as { env: VARIABLE_NAME }',
  });
}

/**
 * The options with every `headers: { Name: { env: VAR } }` replaced by the variable's value
 * (registered for redaction); an unset variable is a UserError naming the header and variable.
 */
export function resolveHeaderEnv<T extends Record<string, unknown>>(options: T, env: Record<string, string | undefined> = process.env): T {
  const headers = options.headers;
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers)) return options;
  const entries = Object.entries(headers as Record<string, unknown>);
  if (!entries.some(([, v]) => isEnvReference(v))) return options;
  const resolved: Record<string, unknown> = {};
  for (const [name, v] of entries) {
    if (!isEnvReference(v)) {
      resolved[name] = v;
      continue;
    }
    const value = env[v.env];
    if (value === undefined || value.trim() === '') throw new UserError(`header "${name}" takes its value from the environment variable ${v.env}, which is not set`, { hint: `export ${v.env}=...` });
    registerSecret(value, { inUse: true });
    resolved[name] = value;
  }
  return { ...options, headers: resolved };
}
