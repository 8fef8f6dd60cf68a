/**
 * Errors a user can fix (bad input, bad config, missing file). The CLI prints
 * `message` (and `hint`) without a stack trace and exits with `exitCode`.
 * Everything else is a bug and is printed with its stack. The message and hint are redacted
 * (src/core/redact.ts): an error never carries a known credential.
 */
import { redact } from './redact.js';

export class UserError extends Error {
  readonly exitCode: number;
  readonly hint?: string;
  constructor(message: string, opts: { exitCode?: number; hint?: string; cause?: unknown } = {}) {
    super(redact(message), opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'UserError';
    this.exitCode = opts.exitCode ?? EXIT.usage;
    if (opts.hint !== undefined) this.hint = redact(opts.hint);
  }
}

/** Where in an input a problem sits: file plus line (text formats) or row (tabular/parquet). */
export interface SourceLocation {
  file: string;
  line?: number;
  row?: number;
  field?: string;
}

export function formatLocation(loc: SourceLocation): string {
  const parts = [loc.file];
  if (loc.line !== undefined) parts.push(`line ${loc.line}`);
  if (loc.row !== undefined) parts.push(`row ${loc.row}`);
  if (loc.field !== undefined) parts.push(`field "${loc.field}"`);
  return parts.join(', ');
}

/** A problem with one input record: names the file, line/row, field and what was expected. */
export class InputError extends UserError {
  readonly location: SourceLocation;
  constructor(location: SourceLocation, problem: string, opts: { hint?: string; cause?: unknown } = {}) {
    super(`${formatLocation(location)}: ${problem}`, { exitCode: EXIT.input, ...opts });
    this.name = 'InputError';
    this.location = location;
  }
}

/** Process exit codes (documented in docs/cli.md). */
export const EXIT = {
  ok: 0,
  /** unexpected internal error (a bug) */
  internal: 1,
  /** bad command line or configuration */
  usage: 2,
  /** bad input data */
  input: 3,
  /** a model provider kept failing (network, HTTP errors after retries); finished work is stored */
  provider: 4,
  /** the disk is full (store or report write); finished work is stored (same code as provider: the run stopped for a reason outside the input) */
  diskFull: 4,
  /** a --fail-on condition held, or could not be decided (CI gate) */
  gate: 5,
  /** interrupted (Ctrl-C / SIGTERM); everything finished is kept */
  interrupted: 130,
} as const;
