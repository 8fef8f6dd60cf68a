import { Option, type Command } from 'commander';
import { extname } from 'node:path';
import { UserError } from '../core/errors.js';
import { collect } from './parse.js';

/**
 * One vocabulary of flags for every command (docs/cli.md, "Flags"):
 *   -i/--input FILE          the input file (a positional is also accepted where it reads naturally)
 *   -o/--output FILE         the output file; its extension picks the format, or is refused
 *   --field canonical=column map a canonical field to a column (repeatable)
 *   --judge ID               the judge that scores texts: `offline` or a model id
 * Old spellings stay for a release as hidden aliases (`deprecatedAlias`), printing a note on stderr.
 */

/** The repeatable `--field canonical=column` option (`fieldOption(['text', 'rating'])`). */
export function fieldOption(canonical: readonly string[]): Option {
  return new Option('--field <canonical=column>', `map a canonical field (${canonical.join(', ')}) to a column, e.g. --field ${canonical[0] ?? 'text'}=body (repeatable)`)
    .argParser(collect)
    .default([]);
}

/**
 * The canonical → column map of `--field` values, with defaults for fields not mapped.
 * `bare` names the canonical field an old-style `--field COLUMN` (no `=`) meant, kept for a release.
 */
export function fieldMap(values: readonly string[], defaults: Record<string, string>, bare?: string): Record<string, string> {
  const out: Record<string, string> = { ...defaults };
  const given = new Set<string>();
  for (const raw of values) {
    let spec = raw;
    if (bare !== undefined && !spec.includes('=')) {
      deprecationNote(`--field ${spec}`, `--field ${bare}=${spec}`);
      spec = `${bare}=${spec}`;
    }
    const eq = spec.indexOf('=');
    const canonical = spec.slice(0, eq).trim();
    const column = spec.slice(eq + 1).trim();
    if (eq === -1 || canonical === '' || column === '') throw new UserError(`--field expects canonical=column (e.g. --field ${Object.keys(defaults)[0] ?? 'text'}=body), got "${spec}"`);
    if (!Object.hasOwn(defaults, canonical)) throw new UserError(`--field ${spec}: unknown canonical field "${canonical}"; this command maps ${Object.keys(defaults).join(', ')}`);
    if (given.has(canonical) && out[canonical] !== column) throw new UserError(`--field maps "${canonical}" twice ("${out[canonical]}" and "${column}")`);
    given.add(canonical);
    out[canonical] = column;
  }
  return out;
}

function deprecationNote(old: string, use: string): void {
  process.stderr.write(`slant: ${old} is deprecated and will be removed in the next release; use ${use}\n`);
}

/**
 * A hidden old spelling of a flag, kept for a release: when given, a deprecation note goes to
 * stderr and `apply` moves its value to the new flag (before the action runs).
 */
export function deprecatedAlias(cmd: Command, flags: string, use: string, apply: (value: unknown, cmd: Command) => void): Command {
  const opt = new Option(flags).hideHelp();
  cmd.addOption(opt);
  const key = opt.attributeName();
  cmd.hook('preAction', (_hooked, action) => {
    if (action !== cmd) return;
    const value = cmd.getOptionValue(key) as unknown;
    if (value === undefined || cmd.getOptionValueSource(key) !== 'cli') return;
    deprecationNote(opt.long ?? flags, use);
    apply(value, cmd);
  });
  return cmd;
}

/** `--out FILE` (old) → `--output FILE`; an error when both are given. */
export function aliasTo(target: string, targetFlag: string): (value: unknown, cmd: Command) => void {
  return (value, cmd) => {
    if (cmd.getOptionValueSource(target) === 'cli') throw new UserError(`${targetFlag} was given twice (once under its old spelling); it takes one value`);
    cmd.setOptionValueWithSource(target, value, 'cli');
  };
}

/** `--text-field COLUMN` (old) → `--field text=COLUMN`. */
export function aliasToField(canonical: string): (value: unknown, cmd: Command) => void {
  return (value, cmd) => {
    const prev = (cmd.getOptionValue('field') as string[] | undefined) ?? [];
    cmd.setOptionValueWithSource('field', [...prev, `${canonical}=${String(value)}`], 'cli');
  };
}

/**
 * Make every value-taking, non-repeatable option of `cmd` and its subcommands refuse a second
 * occurrence (`--input a --input b` is an error, not "last wins"). Repeatable options are those
 * parsed with `collect` (or variadic). Called once on the program, so commands need do nothing.
 */
export function enforceSingleValues(cmd: Command): void {
  for (const o of cmd.options) {
    if (!(o.required || o.optional) || o.variadic || o.parseArg === collect) continue;
    const inner = o.parseArg;
    let seen = false;
    o.argParser((value: string, previous: unknown) => {
      if (seen) throw new UserError(`${o.long ?? o.flags} was given twice; it takes one value`, { hint: 'only flags documented as repeatable (--field, --set, --feed) may be given more than once' });
      seen = true;
      return inner ? inner(value, previous) : value;
    });
  }
  for (const sub of cmd.commands) enforceSingleValues(sub);
}

/** The input file: the positional or `-i/--input` (one of them, not both). */
export function inputFile(positional: string | undefined, flag: string | undefined, usage: string): string {
  if (positional !== undefined && flag !== undefined && positional !== flag) throw new UserError(`two inputs given ("${positional}" and --input "${flag}"); give one`);
  const file = flag ?? positional;
  if (file === undefined) throw new UserError(`missing input file`, { hint: `e.g. ${usage}` });
  return file;
}

/**
 * The format an output path asks for, by its extension; a clear error for any other extension
 * (never JSON silently written into out.csv). `formats` maps extensions ('.json') to formats.
 */
export function outputFormat<F extends string>(path: string, formats: Readonly<Record<string, F>>): F {
  const ext = extname(path).toLowerCase();
  const f = formats[ext];
  if (f === undefined) {
    throw new UserError(`-o ${path}: this command writes ${Object.keys(formats).join(', ')} files, not "${ext || '(no extension)'}"`, {
      hint: `name the output file with one of: ${Object.keys(formats).join(', ')}`,
    });
  }
  return f;
}
