import { UserError } from '../core/errors.js';

export function parsePositiveInt(v: string, flag: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new UserError(`${flag} expects a positive whole number, got "${v}"`);
  return n;
}

export function parseNonNegative(v: string, flag: string): number {
  const x = Number(v);
  if (v.trim() === '' || !Number.isFinite(x) || x < 0) throw new UserError(`${flag} expects a number ≥ 0, got "${v}"`);
  return x;
}

export function parseNonNegativeInt(v: string, flag: string): number {
  const n = Number(v);
  if (v.trim() === '' || !Number.isInteger(n) || n < 0) throw new UserError(`${flag} expects a whole number ≥ 0, got "${v}"`);
  return n;
}

/** Collect a repeatable option into an array. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** Parse `--set probe.key=value` into { probe: { key: value } } with JSON-ish values. */
export function parseProbeSettings(specs: string[]): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const spec of specs) {
    const m = /^([a-z-]+)\.([A-Za-z_][\w]*)=(.*)$/.exec(spec);
    if (!m) throw new UserError(`--set expects probe.option=value (e.g. primacy.alpha=0.1), got "${spec}"`);
    const [, probe, key, raw] = m as unknown as [string, string, string, string];
    // an assignment to obj.__proto__ changes the object's prototype instead of adding an option
    // (accepted silently), and out.constructor is Object itself: names of Object.prototype are no
    // probe or option names
    for (const name of [probe, key]) {
      if (name in Object.prototype) throw new UserError(`--set ${probe}.${key}: "${name}" is not a probe or option name`, { hint: 'e.g. --set primacy.alpha=0.1; the options of each probe are in docs/config.md' });
    }
    let value: unknown = raw;
    if (raw === 'true' || raw === 'false') value = raw === 'true';
    else if (raw.trim() !== '' && Number.isFinite(Number(raw))) value = Number(raw);
    (out[probe] ??= {})[key] = value;
  }
  return out;
}

/** Validate a --format value against the format names a command takes (src/config/formats.ts); undefined when not given. */
export function parseFormat<T extends string>(value: string | undefined, formats: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(formats as readonly string[]).includes(value)) throw new UserError(`--format must be one of ${formats.join(', ')}, got "${value}"`);
  return value as T;
}

export function parsePort(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new UserError(`--port ${v}: expected an integer 0-65535`);
  return n;
}
