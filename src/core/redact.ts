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
 *   (`registerEnvSecrets`, called when the CLI starts) and secret-named request headers;
 * - secret-shaped tokens: `Bearer …`, `sk-…` (OpenAI `sk-proj-…`, Anthropic `sk-ant-…`), Google
 *   `AIza…`, and `name: value` / `name=value` pairs whose name is a credential
 *   (`x-api-key`, `api_key`, `authorization`, `access_token`, `password`, …).
 *
 * by `[redacted]`. The replacement never touches a quote or a backslash, so redacting JSON text
 * (or HTML-escaped text) yields valid JSON (HTML) whose strings are redacted.
 */

export const REDACTED = '[redacted]';

/** Registered values shorter than this are ignored: a 4-letter "key" such as `none` is a placeholder, not a credential. */
export const MIN_SECRET_LENGTH = 8;

const secrets = new Set<string>();
/** registered secrets and their escaped spellings (JSON, HTML, URL), longest first */
let spellings: string[] = [];

/** Remember a credential: from now on every `redact()` replaces it (and its JSON/HTML/URL spellings). */
export function registerSecret(value: string | undefined): void {
  if (value === undefined) return;
  const v = value.trim();
  if (v.length < MIN_SECRET_LENGTH || secrets.has(v)) return;
  secrets.add(v);
  const forms = new Set<string>();
  for (const s of secrets) {
    forms.add(JSON.stringify(s).slice(1, -1));
    // a spelling with a quote or backslash in it could cut a JSON string in two: only the JSON
    // spelling above may hold them (API keys never do)
    const html = s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
    for (const f of [s, html, encodeURIComponent(s)]) if (!/["\\]/.test(f)) forms.add(f);
  }
  spellings = [...forms].sort((a, b) => b.length - a.length);
}

/** Forget every registered secret (for tests). */
export function clearSecrets(): void {
  secrets.clear();
  spellings = [];
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
    registerSecret(value);
    const scheme = /^\s*(?:bearer|basic|token)\s+(\S+)\s*$/i.exec(value);
    if (scheme !== null) registerSecret(scheme[1]);
  }
}

// Token characters never include a quote, a backslash or '&', so a match cannot cross a JSON
// string or HTML entity boundary.
const QUOTE = `(?:\\\\?["'\`]|&quot;|&#0*39;|&#x0*27;)?`;
const CREDENTIAL_NAME =
  'x-goog-api-key|x-api-key|api[-_]?key|apikey|access[-_]?token|auth[-_]?token|refresh[-_]?token|client[-_]?secret|secret[-_]?key|private[-_]?key|password|passwd|authorization|proxy-authorization';
const PATTERNS: [RegExp, string][] = [
  // `name: value`, `name=value`, `"name": "value"` (value up to a quote, space, & , ; or brace)
  [new RegExp(`\\b(${CREDENTIAL_NAME})(${QUOTE}\\s*[:=]\\s*${QUOTE})(?:(?:bearer|basic|token)\\s+)?[^\\s"'\`\\\\&,;{}<>]{4,}`, 'gi'), `$1$2${REDACTED}`],
  // a token, not a word: at least 8 characters, one of them a digit
  [/\bBearer\s+(?=[A-Za-z._~+/=*-]*[0-9])[A-Za-z0-9._~+/=*-]{8,}/gi, `Bearer ${REDACTED}`],
  // a key, not a word like sk-learn-based: a digit or a mask `*` in it, or 20+ characters
  [/\bsk-(?:(?=[A-Za-z0-9_*-]*[0-9*])[A-Za-z0-9_*-]{8,}|[A-Za-z0-9_*-]{20,})/g, REDACTED],
  [/\bAIza[0-9A-Za-z_-]{10,}/g, REDACTED],
];

/** `text` with every registered secret and every secret-shaped token replaced by `[redacted]`. */
export function redact(text: string): string {
  let out = text;
  for (const s of spellings) if (out.includes(s)) out = out.split(s).join(REDACTED);
  for (const [re, by] of PATTERNS) out = out.replace(re, by);
  return out;
}
