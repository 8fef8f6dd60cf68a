/* eslint-disable no-control-regex -- matching terminal control characters is what this file is for */
/**
 * The choke point for everything the CLI prints: while a command runs, `process.stdout.write`
 * and `process.stderr.write` pass every chunk through `terminalSafe` (secrets redacted, control
 * characters and escape sequences stripped). Tables, progress lines, warnings, errors, help text
 * and anything a future command prints are covered without each call site remembering to.
 */
import { redact } from '../core/redact.js';
import { colorEnabled } from '../core/color.js';
import { stripControlChars } from '../core/terminal-text.js';

type Write = typeof process.stdout.write;

/** What may reach a terminal: control characters stripped first (so they cannot split a key), then secrets redacted. */
export function terminalSafe(text: string, opts: { keepColours?: boolean } = {}): string {
  return redact(stripControlChars(text, opts));
}

/** A stream for the progress bar: its own `\r` and erase-line codes pass, its text is still made safe. */
interface RawTerminal {
  isTTY?: boolean;
  columns?: number;
  write(chunk: string): unknown;
}

interface TerminalGuard {
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
    return (original as (c: string, ...a: unknown[]) => boolean).call(stream, terminalSafe(text, { keepColours: colorEnabled(stream) }), ...args);
  };
  return write as Write;
}

let active: TerminalGuard | undefined;

/** Where the progress bar draws: the active guard's progress stream, else stderr. */
export function progressStream(): RawTerminal {
  return active?.progressStream ?? process.stderr;
}

/** Each wrapper installed: the writer it wraps, and whether its guard was disposed. */
const wrappers = new WeakMap<Write, { previous: Write; disposed: boolean }>();

/** Take disposed wrappers off the top of a stream's chain. */
function unwind(stream: NodeJS.WriteStream): void {
  for (let w = wrappers.get(stream.write); w?.disposed === true; w = wrappers.get(stream.write)) stream.write = w.previous;
}

/**
 * Route stdout and stderr through `terminalSafe` until `dispose()`. Guards may overlap (two
 * in-process commands at once) and be disposed in any order: each wraps the writer it finds, and
 * a disposed wrapper leaves the chain once nothing newer sits on top of it.
 */
export function installTerminalGuard(): TerminalGuard {
  const err = process.stderr.write;
  const installed: [NodeJS.WriteStream, Write][] = [process.stdout, process.stderr].map((stream) => {
    const wrapper = guarded(stream, stream.write);
    wrappers.set(wrapper, { previous: stream.write, disposed: false });
    stream.write = wrapper;
    return [stream, wrapper];
  });
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
      for (const [stream, wrapper] of installed) {
        const w = wrappers.get(wrapper);
        if (w !== undefined) w.disposed = true;
        unwind(stream);
      }
      if (active === guard) active = undefined;
    },
  };
  active = guard;
  return guard;
}
