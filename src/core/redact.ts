/**
 * Redaction: the one mechanism that keeps credentials out of everything slant writes.
 *
 * Every string on its way to the store (src/runtime/stored-json.ts, the request cache, the run's
 * config), a report (results.json, report.html), a data file (src/data/text-writer.ts), an error
 * (UserError and the provider errors redact their own message) or the terminal
 * (src/cli/terminal-guard.ts) passes through `redact()`. It replaces
 *
 * - every registered secret value: API keys read by a provider (`pickSetting` registers any
 *   setting read from a secret-named variable or option), secret-named environment variables
 *   (`registerEnvSecrets`, called when the CLI starts) and secret-named request headers; each as
 *   it is (in any letter case), JSON-escaped (also twice, and with '/' or '<>&' escaped), HTML-
 *   escaped and URL-encoded, and a key slant sends also hex, base64 and base64url encoded (also
 *   inside a longer encoded text), which a provider may echo;
 * - secret-shaped tokens: `Bearer …`, `sk-…` (OpenAI `sk-proj-…`, Anthropic `sk-ant-…`), Google
 *   `AIza…`, and `name: value` / `name=value` pairs whose name is a credential
 *   (`x-api-key`, `api_key`, `authorization`, `access_token`, `password`, …), unless the value is
 *   the name of the variable to set (`password: PGPASSWORD`).
 *
 * by `[redacted]`. A replacement never takes part of an escape or a quote that ends a JSON string
 * (a key with a quote or backslash is replaced as it is only where that cannot happen, see
 * `safeRaw`), so redacting JSON text (or HTML-escaped text) yields valid JSON (HTML) whose strings
 * are redacted. docs/config.md#keys lists what is covered.
 */

import placeholderKeys from './placeholder-keys.json' with { type: 'json' };

export const REDACTED = '[redacted]';

/**
 * How long a registered value must be to be redacted. A credential slant actually uses (`inUse`:
 * the key a provider reads from its key variable or setting, a credential header it sends) is a
 * secret however short (a local server's 4-character token), so from MIN_KEY_LENGTH on; 1–3
 * characters cannot be told apart from text. Values swept up only because an environment
 * variable's name looks like a credential's (`registerEnvSecrets`: `DEPLOY_KEY=main`) need
 * MIN_SECRET_LENGTH: a short one there is more likely a setting than a secret, and redacting
 * `main` would cut a word out of every answer. Values shorter than WHOLE_TOKEN_BELOW are
 * redacted as whole tokens only (not inside a longer run of letters and digits: a key `ab12`
 * leaves `ab123` alone), longer ones wherever they appear. Known placeholders (`none`, vLLM's
 * `EMPTY`, `ollama`, `lm-studio`: placeholder-keys.json) are never registered: they are not
 * secrets, and replacing them would cut words out of model answers and records.
 */
export const MIN_KEY_LENGTH = 4;
export const MIN_SECRET_LENGTH = 8;
export const WHOLE_TOKEN_BELOW = 8;

const PLACEHOLDERS: ReadonlySet<string> = new Set(placeholderKeys.values.map((v) => v.toLowerCase()));

/** registered secrets: whether slant sends each (only those can come back encoded by a provider) */
const secrets = new Map<string, boolean>();

/**
 * One spelling of a registered secret, replaced by `re` (in any letter case when it has the `i`
 * flag: every spelling but base64's, whose letter case is its meaning). `needle` is what a text must contain for `re` to match: the spelling lower-cased, looked
 * for in the lower-cased text (`lowered`; one search then finds every letter case), or the spelling
 * itself for one that is not ASCII (lower-casing may change other characters' lengths).
 */
interface Spelling {
  needle: string;
  lowered: boolean;
  re: RegExp;
}
/** every registered secret's spellings, longest first */
let spellings: Spelling[] = [];
/** short secrets (MIN_SECRET_LENGTH ≤ length < WHOLE_TOKEN_BELOW) as whole tokens, or undefined */
let shortTokens: RegExp | undefined;

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a provider may echo instead of the key itself: the key inside a longer base64 text, at each of the 3 byte offsets. */
function base64Runs(bytes: Buffer): string[] {
  const runs: string[] = [];
  for (let k = 0; k < 3; k++) {
    const b64 = Buffer.concat([Buffer.alloc(k), bytes]).toString('base64');
    // the characters whose 6 bits all come from the key (not from what precedes or follows it)
    runs.push(b64.slice(Math.ceil((k * 8) / 6), Math.floor(((k + bytes.length) * 8) / 6)));
  }
  return runs;
}

/**
 * Whether the key as it is can be replaced in JSON text without breaking it, when it holds a quote
 * or a backslash: it must not start or end with one (a match could then take half of an escape, or
 * a string's closing quote), and a quote in it must not touch JSON structure (`,:[]{}` or space),
 * where a match would cross from one string into the next. API keys with such characters are
 * rare; for one that fails this, only its escaped spellings are redacted inside JSON text and the
 * terminal still gets them through the JSON spelling of the messages it prints.
 */
function safeRaw(s: string): boolean {
  if (/^["\\]|["\\]$/.test(s)) return false;
  return !/["][,:[\]{}\s]|[,:[\]{}\s]["]/.test(s);
}

/**
 * The spellings of one secret (of WHOLE_TOKEN_BELOW characters or more); `encoded`: also hex,
 * base64 and base64url, which only a provider that was sent the key can echo (each spelling is one
 * more search through every text redacted, so a variable merely found in the environment does
 * without them).
 */
function spellingsOf(s: string, encoded: boolean): Spelling[] {
  const forms = new Map<string, boolean>(); // spelling -> in any letter case
  const add = (form: string, caseless: boolean): void => {
    if (form.length >= WHOLE_TOKEN_BELOW) forms.set(form, caseless || forms.get(form) === true);
  };
  const json = JSON.stringify(s).slice(1, -1);
  add(json, true);
  // the JSON spelling of a message that quotes the JSON body (an error stored as JSON)
  add(JSON.stringify(json).slice(1, -1), true);
  // encoders that escape more: '/' as '\/' (PHP), '<', '>', '&' as \u003c… (Go)
  add(json.replace(/\//g, '\\/'), true);
  add(json.replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`), true);
  const html = s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  for (const f of [s, html]) if (!/["\\]/.test(f) || safeRaw(f)) add(f, true);
  // a provider echoing the key encoded: URL (any case of %xx), hex (either case), base64, base64url
  add(encodeURIComponent(s), true);
  add(new URLSearchParams({ k: s }).toString().slice(2), true);
  const bytes = Buffer.from(s, 'utf8');
  if (encoded) {
    add(bytes.toString('hex'), true);
    for (const run of base64Runs(bytes)) {
      add(run, false);
      add(run.replace(/\+/g, '-').replace(/\//g, '_'), false);
    }
  }
  // a spelling found in any case makes the same one in its exact case redundant
  const caseless = new Set([...forms].filter(([, c]) => c).map(([f]) => f.toLowerCase()));
  const out: Spelling[] = [];
  for (const [form, anyCase] of forms) {
    if (!anyCase && caseless.has(form.toLowerCase())) continue;
    const ascii = /^[\x20-\x7e]*$/.test(form);
    out.push({ needle: ascii ? form.toLowerCase() : form, lowered: ascii, re: new RegExp(escapeRegExp(form), anyCase && ascii ? 'gi' : 'g') });
  }
  return out;
}

/**
 * Remember a credential: from now on every `redact()` replaces it and its spellings: JSON-escaped
 * (also twice, and as encoders that escape '/' or '<>&' write it), HTML-escaped, URL-encoded, hex,
 * base64 and base64url (also inside a longer encoded text), in any letter case where the spelling
 * has letters that case does not change the meaning of (the key as it is, hex, URL-encoded).
 * `inUse`: a credential slant sends (see MIN_KEY_LENGTH).
 */
export function registerSecret(value: string | undefined, opts: { inUse?: boolean } = {}): void {
  if (value === undefined) return;
  const v = value.trim();
  const inUse = opts.inUse === true;
  const known = secrets.get(v);
  if (known === true || (known === false && !inUse)) return;
  if (v.length < (inUse ? MIN_KEY_LENGTH : MIN_SECRET_LENGTH) || PLACEHOLDERS.has(v.toLowerCase())) return;
  // a short value with a quote, backslash or markup character could match across a JSON string or
  // HTML entity boundary; no short key has one
  if (v.length < WHOLE_TOKEN_BELOW && /["'`\\&<>]/.test(v)) return;
  secrets.set(v, inUse);
  const short = [...secrets.keys()].filter((x) => x.length < WHOLE_TOKEN_BELOW);
  shortTokens = short.length === 0 ? undefined : new RegExp(`(?<![A-Za-z0-9])(?:${short.sort((a, b) => b.length - a.length).map(escapeRegExp).join('|')})(?![A-Za-z0-9])`, 'g');
  if (v.length < WHOLE_TOKEN_BELOW) return;
  // a variable swept up by its name and then sent by a provider gains its encoded spellings
  const added = known === false ? spellingsOf(v, true).filter((sp) => !spellings.some((o) => o.re.source === sp.re.source && o.re.flags === sp.re.flags)) : spellingsOf(v, inUse);
  spellings = [...spellings, ...added].sort((a, b) => b.needle.length - a.needle.length);
}

/** Forget every registered secret (for tests). */
export function clearSecrets(): void {
  secrets.clear();
  spellings = [];
  shortTokens = undefined;
}

/**
 * Whether a setting, header or environment variable of this name holds a credential:
 * `apiKey`, `api_key`, `OPENAI_API_KEY`, `key`, `token`, `HF_TOKEN`, `x-auth-token`, `password`,
 * `client_secret`, `Authorization`, `Proxy-Authorization`, `Cookie`, `credentials`… but not
 * `maxTokens`, `keepAlive`, `organization` or `anthropic-version`.
 */
export function isSecretName(name: string): boolean {
  const n = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .trim();
  return (
    /(?:^|[-_. ])(?:key|token|secret|password|passwd|passphrase|credentials?|authorization|cookie|bearer)$/.test(n) ||
    /api[-_ ]?key|secret|password|authorization|credential|bearer|(?:access|auth|refresh|session|id)[-_ ]token/.test(n)
  );
}

/** Register the value of every environment variable whose name is a credential's (see `isSecretName`). */
export function registerEnvSecrets(env: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(env)) if (value !== undefined && isSecretName(name)) registerSecret(value);
}

/** Register the credential in a request header (`Authorization: Bearer X` registers X as well). */
export function registerSecretHeaders(headers: Record<string, string> | undefined): void {
  if (headers === undefined) return;
  for (const [name, value] of Object.entries(headers)) {
    if (!isSecretName(name)) continue;
    registerSecret(value, { inUse: true });
    const scheme = /^\s*(?:bearer|basic|token)\s+(\S+)\s*$/i.exec(value);
    if (scheme !== null) registerSecret(scheme[1], { inUse: true });
  }
}

// Token characters never include a quote, a backslash or '&', so a match cannot cross a JSON
// string or HTML entity boundary.
const QUOTE = `(?:\\\\?["'\`]|&quot;|&#0*39;|&#x0*27;)?`;
const CREDENTIAL_NAME =
  'x-goog-api-key|x-api-key|api[-_]?key|apikey|access[-_]?token|auth[-_]?token|refresh[-_]?token|client[-_]?secret|secret[-_]?key|private[-_]?key|password|passwd|authorization|proxy-authorization';
/**
 * The name of an environment variable that holds a credential, written where its value would be
 * (`password: PGPASSWORD`, `api_key=$OPENAI_API_KEY`): upper case, ending in a credential word. A
 * message telling the user which variable to set keeps it; a value slant knows is still redacted
 * as a registered secret.
 */
const VARIABLE_NAME = /^\$?[A-Z][A-Z0-9_]*(?:PASSWORD|PASSWD|PASSFILE|KEY|TOKEN|SECRET)$/;

/**
 * Each pattern with substrings one of which every match contains (`lowered`: looked for in the
 * lower-cased text, for the case-insensitive patterns, whose letters are all ASCII). A text with
 * none of them cannot match and its regex is not run: most texts slant stores (documents,
 * answers) hold no credential word, and a case-insensitive alternation over a long document was
 * most of what storing it cost. Every CREDENTIAL_NAME contains one of the first
 * pattern's substrings.
 */
export const REDACTION_PATTERNS: readonly { re: RegExp; by: (match: string, ...groups: string[]) => string; needles: readonly string[]; lowered: boolean }[] = [
  // `name: value`, `name=value`, `"name": "value"` (value up to a quote, space, & , ; or brace);
  // a value that names a variable holding the credential (`password: PGPASSWORD`) is a hint to read
  {
    re: new RegExp(`\\b(${CREDENTIAL_NAME})(${QUOTE}\\s*[:=]\\s*${QUOTE})((?:(?:bearer|basic|token)\\s+)?[^\\s"'\`\\\\&,;{}<>]{4,})`, 'gi'),
    by: (match, name = '', sep = '', value = '') => (VARIABLE_NAME.test(value) ? match : `${name}${sep}${REDACTED}`),
    needles: ['key', 'token', 'secret', 'passw', 'authorization'],
    lowered: true,
  },
  // a token, not a word: at least 8 characters, one of them a digit
  { re: /\bBearer\s+(?=[A-Za-z._~+/=*-]*[0-9])[A-Za-z0-9._~+/=*-]{8,}/gi, by: () => `Bearer ${REDACTED}`, needles: ['bearer'], lowered: true },
  // a key, not a word like sk-learn-based: a digit or a mask `*` in it, or 20+ characters
  { re: /\bsk-(?:(?=[A-Za-z0-9_*-]*[0-9*])[A-Za-z0-9_*-]{8,}|[A-Za-z0-9_*-]{20,})/g, by: () => REDACTED, needles: ['sk-'], lowered: false },
  { re: /\bAIza[0-9A-Za-z_-]{10,}/g, by: () => REDACTED, needles: ['AIza'], lowered: false },
];

/** Letters from rarest to most common in English text (a needle is looked for by its rarest one). */
const RARITY = 'zqxjkvbpygfwmucldrhsnioate';

/** Each pattern's needles with the offset of the character `hasNeedle` jumps between. */
const ANCHORED: readonly { needle: string; at: number; ch: string }[][] = REDACTION_PATTERNS.map((p) =>
  p.needles.map((needle) => {
    let at = 0;
    let best = Infinity;
    for (let i = 0; i < needle.length; i++) {
      const r = RARITY.indexOf(needle[i]!.toLowerCase());
      const rank = r < 0 ? -1 : r; // a non-letter ('-') is rarer still
      if (rank < best) {
        best = rank;
        at = i;
      }
    }
    return { needle, at, ch: needle[at]! };
  }),
);

/**
 * hay.includes(needle), by jumping between the occurrences of its rarest character (a
 * `indexOf` of one character is a memchr) and comparing the needle around each: `includes` of a
 * needle starting with a common letter ("token", "secret") stops at every t or s of a long record,
 * and seven of them were most of what storing a record as read cost.
 */
function hasNeedle(hay: string, a: { needle: string; at: number; ch: string }): boolean {
  for (let i = hay.indexOf(a.ch, a.at); i >= 0; i = hay.indexOf(a.ch, i + 1)) {
    if (hay.startsWith(a.needle, i - a.at)) return true;
  }
  return false;
}

/** `text` with every registered secret and every secret-shaped token replaced by `[redacted]`. */
export function redact(text: string): string {
  let out = text;
  // lower-cased once: every ASCII spelling of a secret and the case-insensitive patterns are looked for in it
  let lower: string | undefined;
  for (const sp of spellings) {
    const hay = sp.lowered ? (lower ??= out.toLowerCase()) : out;
    if (!hay.includes(sp.needle)) continue;
    const next = out.replace(sp.re, REDACTED);
    if (next !== out) {
      out = next;
      lower = undefined;
    }
  }
  if (shortTokens !== undefined) {
    const next = out.replace(shortTokens, REDACTED);
    if (next !== out) {
      out = next;
      lower = undefined;
    }
  }
  for (let k = 0; k < REDACTION_PATTERNS.length; k++) {
    const p = REDACTION_PATTERNS[k] as (typeof REDACTION_PATTERNS)[number];
    const hay = p.lowered ? (lower ??= out.toLowerCase()) : out;
    if (!(ANCHORED[k] as (typeof ANCHORED)[number]).some((a) => hasNeedle(hay, a))) continue;
    const next = out.replace(p.re, p.by);
    if (next !== out) {
      out = next;
      lower = undefined;
    }
  }
  return out;
}
