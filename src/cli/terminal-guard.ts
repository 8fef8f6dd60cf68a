/* eslint-disable no-control-regex -- matching terminal control characters is what this file is for */
/**
 * The choke point for everything the CLI prints: while a command runs, `process.stdout.write`
 * and `process.stderr.write` pass every chunk through `terminalSafe` (secrets redacted, control
 * characters and escape sequences stripped). Tables, progress lines, warnings, errors, help text
 * and anything a future command prints are covered without each call site remembering to.
 */
import { redact } from '../core/redact.js';
import { stripControlChars } from '../core/terminal-text.js';

type Write = typeof process.stdout.write;

/** What may reach a terminal: control characters stripped first (so they cannot split a key), then secrets redacted. */
export function terminalSafe(text: string, opts: { keepColours?: boolean } = {}): string {
  return redact(stripControlChars(text, opts));
}

/** A stream for the progress bar: its own `\r` and erase-line codes pass, its text is still made safe. */
export interface RawTerminal {
  isTTY?: boolean;
  columns?: number;
  write(chunk: string): unknown;
}

export interface TerminalGuard {
  /** stderr for the progress bar: writes `\r` + safe text + the erase-line code, nothing else */
  progressStream: RawTerminal;
  /** put the original writers back */
  dispose(): void;
}

function guarded(stream: NodeJS.WriteStream, original: Write): Write {
  const write = (chunk: unknown, ...rest: unknown[]): boolean => {
    const text = typeof chunk === 'string' ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk).toString('utf8') : String(chunk);
    // a string encoding argument no longer applies to the decoded text
    const args = typeof rest[0] === 'string' ? rest.slice(1) : rest;
    return (original as (c: string, ...a: unknown[]) => boolean).call(stream, terminalSafe(text, { keepColours: stream.isTTY === true }), ...args);
  };
  return write as Write;
}

let active: TerminalGuard | undefined;

/** Where the progress bar draws: the active guard's progress stream, else stderr. */
export function progressStream(): RawTerminal {
  return active?.progressStream ?? process.stderr;
}

/** Route stdout and stderr through `terminalSafe` until `dispose()`. */
export function installTerminalGuard(): TerminalGuard {
  const out = process.stdout.write;
  const err = process.stderr.write;
  process.stdout.write = guarded(process.stdout, out);
  process.stderr.write = guarded(process.stderr, err);
  const guard: TerminalGuard = {
    progressStream: {
      get isTTY() {
        return process.stderr.isTTY;
      },
      get columns() {
        return process.stderr.columns;
      },
      write(chunk: string) {
        const line = /^\r(.*)\x1b\[K$/s.exec(chunk);
        return line === null ? process.stderr.write(chunk) : err.call(process.stderr, `\r${terminalSafe(line[1] ?? '')}\x1b[K`);
      },
    },
    dispose() {
      process.stdout.write = out;
      process.stderr.write = err;
      if (active === guard) active = undefined;
    },
  };
  active = guard;
  return guard;
}
