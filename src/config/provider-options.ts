import { UserError } from '../core/errors.js';
import { unknownProviderOptions } from '../models/provider-options.js';

/**
 * Refuse options a provider does not read, under `providers.<name>` and `models[].options`, naming
 * the key, the provider and the keys it reads (with the likely one for a wrong case, `baseUrl` →
 * `baseURL`). The config schema refuses unknown keys everywhere else, so an ignored provider key
 * (the run would silently use the default endpoint or timeout) is an error here too, not a warning.
 * Credential keys (`apiKey`) are reported before this by rejectConfigSecrets.
 */
export function rejectUnknownProviderOptions(config: { providers?: Record<string, Record<string, unknown>>; models?: { id: string; options?: Record<string, unknown> }[] }, where: string): void {
  const lines: string[] = [];
  const check = (provider: string, options: Record<string, unknown>, path: string, kind: 'provider' | 'model'): void => {
    const r = unknownProviderOptions(provider, options, kind);
    if (r === undefined) return;
    for (const k of r.unknown) {
      const like = r.accepted.find((a) => a.toLowerCase() === k.toLowerCase());
      lines.push(`  - ${path}.${k}: provider ${provider} does not read "${k}"${like ? ` (did you mean "${like}"?)` : ''}; it reads ${r.accepted.join(', ')}`);
    }
  };
  for (const [name, options] of Object.entries(config.providers ?? {})) {
    if (unknownProviderOptions(name, {}, 'provider') === undefined) {
      lines.push(`  - providers.${name}: no provider is called "${name}"`);
      continue;
    }
    check(name, options, `providers.${name}`, 'provider');
  }
  (config.models ?? []).forEach((m, i) => {
    if (m.options !== undefined) check(m.id.slice(0, m.id.indexOf(':')), m.options, `models[${i}].options`, 'model');
  });
  if (lines.length === 0) return;
  throw new UserError(`${where}: option(s) no provider would read (they would be ignored):\n${lines.join('\n')}`, { hint: 'see "Configuration" in docs/providers.md for the options of each provider' });
}
