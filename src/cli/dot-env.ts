import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UserError } from '../core/errors.js';

/** The file read from the working directory (as promptfoo and Inspect read one). */
const DOT_ENV = '.env';

/**
 * Read `.env` in the working directory into `env`: `NAME=value` lines (an optional `export `
 * before the name; `#` comments and blank lines skipped; a value in single or double quotes kept
 * as written, a double-quoted one with \n, \t, \" and \\ decoded and able to span lines; an
 * unquoted one ends at ` #`). A variable already set in the environment wins: the file only fills
 * what is missing, so `OPENAI_API_KEY=… slant run` overrides it. The file is never written and its
 * values never stored: they reach slant as environment variables, whose credential-named ones the
 * CLI then registers for redaction like any other. A line that is not an assignment is an error
 * naming the file and line (a key silently ignored would fail later, far from its cause).
 * Returns the names it set.
 */
export function loadDotEnv(env: Record<string, string | undefined> = process.env, dir: string = process.cwd()): string[] {
  const path = resolve(dir, DOT_ENV);
  let text: string;
  try {
    if (!statSync(path).isFile()) return [];
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new UserError(`${path}: cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, { hint: 'slant reads .env in the working directory for keys; fix its permissions or move it away' });
  }
  const set: string[] = [];
  for (const [name, value] of parseDotEnv(text, path)) {
    if (env[name] !== undefined) continue;
    env[name] = value;
    set.push(name);
  }
  return set;
}

const ASSIGNMENT = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*(.*)$/;
const DOUBLE_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' };

/** The assignments of a .env text, in order (a later one of the same name wins, as in a shell). */
export function parseDotEnv(text: string, path: string): Map<string, string> {
  const out = new Map<string, string>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*(#|$)/.test(line)) continue;
    const m = ASSIGNMENT.exec(line);
    if (!m) throw new UserError(`${path}, line ${i + 1}: expected NAME=value (a comment starts with #)`, { hint: 'e.g. OPENAI_API_KEY=sk-...' });
    const [, name, rest] = m as unknown as [string, string, string];
    const quote = rest[0];
    if (quote === '"' || quote === "'") {
      // the value runs to the matching quote, on this line or a later one
      let body = rest.slice(1);
      const start = i;
      let end = closingQuote(body, quote);
      while (end < 0 && i + 1 < lines.length) {
        i++;
        body += `\n${lines[i]!}`;
        end = closingQuote(body, quote);
      }
      if (end < 0) throw new UserError(`${path}, line ${start + 1}: the ${quote === '"' ? 'double' : 'single'} quote of ${name} is never closed`);
      const after = body.slice(end + 1);
      if (!/^\s*(#.*)?$/.test(after)) throw new UserError(`${path}, line ${i + 1}: unexpected text after the quoted value of ${name}`);
      const raw = body.slice(0, end);
      out.set(name, quote === '"' ? raw.replace(/\\([nrt"\\])/g, (_, c: string) => DOUBLE_ESCAPES[c]!) : raw);
    } else {
      out.set(name, rest.replace(/\s+#.*$/, '').trim());
    }
  }
  return out;
}

/** Index of the quote that closes a value (a double-quoted one skips \" escapes), or -1. */
function closingQuote(body: string, quote: string): number {
  for (let k = 0; k < body.length; k++) {
    if (quote === '"' && body[k] === '\\') k++;
    else if (body[k] === quote) return k;
  }
  return -1;
}
