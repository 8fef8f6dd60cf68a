import { afterEach, describe, expect, it } from 'vitest';
import { clearSecrets, isSecretName, redact, registerEnvSecrets, registerSecret, registerSecretHeaders, REDACTION_PATTERNS } from '../../src/core/redact.js';

afterEach(() => clearSecrets());

describe('redact: registered values', () => {
  it('replaces a registered key and its JSON, HTML and URL spellings', () => {
    registerSecret('my-secret-value');
    registerSecret('k"e<y>&1234');
    expect(redact('bad key my-secret-value here')).toBe('bad key [redacted] here');
    expect(redact(JSON.stringify({ m: 'x k"e<y>&1234 y' }))).toBe('{"m":"x [redacted] y"}');
    expect(redact('<p>k&quot;e&lt;y&gt;&amp;1234</p>')).toBe('<p>[redacted]</p>');
    expect(redact(`q=${encodeURIComponent('k"e<y>&1234')}`)).toBe('q=[redacted]');
  });

  it('ignores values too short to be a credential (a placeholder like "none")', () => {
    registerSecret('none');
    expect(redact('none of these')).toBe('none of these');
  });

  it('a short key slant uses (4–7 characters) is redacted as a whole token, never inside a longer word', () => {
    registerSecret('k3y9', { inUse: true });
    registerSecret('tok-42x', { inUse: true });
    expect(redact('the server echoed k3y9 and tok-42x.')).toBe('the server echoed [redacted] and [redacted].');
    expect(redact('{"error":"bad key k3y9"}')).toBe('{"error":"bad key [redacted]"}');
    expect(redact('k3y99 xk3y9 tok-42xy stay')).toBe('k3y99 xk3y9 tok-42xy stay');
    // 1–3 characters cannot be told apart from text
    registerSecret('abc', { inUse: true });
    expect(redact('abc')).toBe('abc');
  });

  it('known placeholders are never secrets, however they are registered (vLLM EMPTY, ollama, lm-studio)', () => {
    for (const p of ['EMPTY', 'ollama', 'lm-studio', 'sk-no-key-required', 'dummy']) registerSecret(p, { inUse: true });
    const text = 'EMPTY answer from ollama in lm-studio; dummy sk-no-key-required';
    expect(redact(text)).toBe(text);
  });

  it('a short value only swept up by an environment variable\'s name needs 8 characters (DEPLOY_KEY=main is a setting)', () => {
    registerEnvSecrets({ DEPLOY_KEY: 'main', OPENAI_API_KEY: 'long-enough-1' });
    expect(redact('main branch, long-enough-1')).toBe('main branch, [redacted]');
  });

  it('registers secret-named environment variables and credential headers only', () => {
    registerEnvSecrets({ OPENAI_API_KEY: 'value-of-openai-1', HF_TOKEN: 'value-of-hf-2', HOME: '/home/someone-long', MAX_TOKENS: '123456789' });
    registerSecretHeaders({ Authorization: 'Bearer header-token-3', 'x-request-id': 'request-id-4' });
    expect(redact('value-of-openai-1 value-of-hf-2 header-token-3')).toBe('[redacted] [redacted] [redacted]');
    expect(redact('/home/someone-long 123456789 request-id-4')).toBe('/home/someone-long 123456789 request-id-4');
  });
});

describe('redact: secret-shaped tokens', () => {
  it.each([
    ['Incorrect API key provided: sk-proj-abc123***xyz', 'Incorrect API key provided: [redacted]'],
    ['key sk-ant-api03-AbCdEf012345 used', 'key [redacted] used'],
    ['url ?key=AIzaSyA1234567890abcdef', 'url ?key=[redacted]'],
    ['I refuse; your key is Bearer abc123def456ghi', 'I refuse; your key is Bearer [redacted]'],
    ['x-api-key: abcd1234efgh', 'x-api-key: [redacted]'],
    ['GET /v1?api_key=abcd1234efgh&x=1', 'GET /v1?api_key=[redacted]&x=1'],
    ['Authorization: Basic dXNlcjpwYXNz', 'Authorization: [redacted]'],
    ['{"apiKey":"abcd1234efgh","n":1}', '{"apiKey":"[redacted]","n":1}'],
    ['{"m":"{\\"api_key\\":\\"abcd1234efgh\\"}"}', '{"m":"{\\"api_key\\":\\"[redacted]\\"}"}'],
    ['password=&quot;hunter22&quot;', 'password=&quot;[redacted]&quot;'],
  ])('%s', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it('leaves ordinary prose alone', () => {
    const prose = 'Bearer bonds, risk-averse task-runners, sk-learn and sk-learn-based models; the password field; max tokens: 500.';
    expect(redact(prose)).toBe(prose);
  });

  it('keeps JSON valid whatever it redacts', () => {
    const value = { a: 'x-api-key: "abcd1234efgh\\"', b: 'Bearer tok3n-abcdefgh"', c: ['sk-abcdefghi9\\'] };
    const out = redact(JSON.stringify(value));
    expect(() => JSON.parse(out) as unknown).not.toThrow();
    expect(out).not.toMatch(/abcd1234efgh|tok3n|sk-abcdefghi9/);
  });

  it('keeps JSON valid with a registered value holding a quote or backslash', () => {
    registerSecret('abcdefg"');
    registerSecret('hijklmn\\');
    const out = redact(JSON.stringify({ x: 'abcdefg"', y: 'abcdefg', z: 'hijklmn\\', w: 'hijklmn\n' }));
    expect(JSON.parse(out)).toEqual({ x: '[redacted]', y: 'abcdefg', z: '[redacted]', w: 'hijklmn\n' });
  });

  it('is idempotent', () => {
    const once = redact('Authorization: Bearer abc123def456ghi and sk-abcdefghij1');
    expect(redact(once)).toBe(once);
  });
});

describe('isSecretName', () => {
  it.each(['apiKey', 'api_key', 'OPENAI_API_KEY', 'key', 'token', 'HF_TOKEN', 'x-auth-token', 'X-Api-Key', 'x-goog-api-key', 'password', 'client_secret', 'Authorization', 'Proxy-Authorization', 'Cookie', 'accessToken', 'credentials'])('%s is secret', (n) => {
    expect(isSecretName(n)).toBe(true);
  });
  it.each(['maxTokens', 'keepAlive', 'organization', 'anthropic-version', 'baseURL', 'timeoutMs', 'stream', 'openai-project', 'monkey', 'keyEnv'])('%s is not', (n) => {
    expect(isSecretName(n)).toBe(false);
  });
});

describe('the substring pre-check skips only regexes that cannot match', () => {
  // the needles are found by jumping between their rarest characters (w, k, z, b, c, -): the parts
  // below repeat those characters before, inside and after the needles
  const unfiltered = (text: string): string => REDACTION_PATTERNS.reduce((out, p) => out.replace(p.re, p.by), text);
  it('gives what running every regex gives, on seeded mixes of credential words, separators, tokens and look-alike letters', () => {
    const parts = ['API_KEY', 'Api-Key', 'x-goog-api-key', 'ACCESS_token', 'Refresh-Token', 'client_secret', 'PassWord', 'passwd', 'Authorization', 'proxy-authorization', 'Bearer', 'bearer', 'BEARER', 'sk-', 'sk-proj-', 'AIza', 'aiza', 'Kelvin \u212Aey', 'ı', 'ſecret', ': ', '=', '"', "'", '&quot;', ' ', '\n', 'abc123XYZ789', 'ABCDEFGHIJKLMNOPQRSTUVWX', '0123456789', 'Basic ', 'token ', 'the report', 'word', 'www', 'kk', 'zz', 'bb', 'cc', '--', 'passw', 'bearer1234567', 'zation'];
    let seed = 11;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let k = 0; k < 4000; k++) {
      let t = '';
      const len = 1 + Math.floor(rand() * 8);
      for (let j = 0; j < len; j++) t += parts[Math.floor(rand() * parts.length)];
      expect(redact(t), JSON.stringify(t)).toBe(unfiltered(t));
    }
  });
});

describe('redact: keys with quotes or backslashes, and encoded echoes', () => {
  const QUOTED = 'k9"Xq\\7Zr2-Lm4Pw8';

  it('a key holding " and \\ is redacted as printed (terminal, error messages) and JSON-escaped (once and twice)', () => {
    registerSecret(QUOTED, { inUse: true });
    expect(redact(`HTTP 401: invalid key ${QUOTED} given`)).toBe('HTTP 401: invalid key [redacted] given');
    const once = JSON.stringify({ error: `bad key ${QUOTED}` });
    expect(redact(once)).toBe('{"error":"bad key [redacted]"}');
    const twice = JSON.stringify({ message: once });
    expect(JSON.parse(redact(twice))).toEqual({ message: '{"error":"bad key [redacted]"}' });
  });

  it('echoed in upper case and then stored as JSON: redacted too', () => {
    registerSecret(QUOTED, { inUse: true });
    expect(redact(JSON.stringify({ m: `echo ${QUOTED.toUpperCase()}.` }))).toBe('{"m":"echo [redacted]."}');
  });

  it('redacting JSON text that holds such a key keeps it valid JSON', () => {
    registerSecret(QUOTED, { inUse: true });
    const doc = JSON.stringify({ a: QUOTED, b: [`x${QUOTED}y`, `"${QUOTED}"`], c: `${QUOTED}\\` });
    expect(JSON.parse(redact(doc))).toEqual({ a: '[redacted]', b: ['x[redacted]y', '"[redacted]"'], c: '[redacted]\\' });
  });

  it('a key that starts or ends with a quote, or has one next to JSON structure, is still redacted in every JSON spelling', () => {
    for (const key of ['"starts-with-quote-123', 'ends-with-backslash-123\\', 'quote", "inside-123']) {
      clearSecrets();
      registerSecret(key, { inUse: true });
      const doc = JSON.stringify({ m: `x ${key} y`, n: [key, 'other'] });
      expect(JSON.parse(redact(doc)), key).toEqual({ m: 'x [redacted] y', n: ['[redacted]', 'other'] });
    }
  });

  const KEY = 'sk-live-9fQ2xLw7Rt4Zp1Vb';
  const ODD = `${KEY}/+??>>`; // URL-encoding and base64url spell it differently from base64
  it.each([
    // how it is echoed, the key, the echo, characters of the echo that may stay (what surrounds the key)
    ['upper case', KEY, KEY.toUpperCase(), 0],
    ['lower case', KEY, KEY.toLowerCase(), 0],
    ['URL-encoded', ODD, encodeURIComponent(ODD), 0],
    ['form-encoded', ODD, new URLSearchParams({ k: ODD }).toString().slice(2), 0],
    ['hex', KEY, Buffer.from(KEY).toString('hex'), 0],
    ['hex, upper case', KEY, Buffer.from(KEY).toString('hex').toUpperCase(), 0],
    ['base64', ODD, Buffer.from(ODD).toString('base64'), 3],
    ['base64url', ODD, Buffer.from(ODD).toString('base64url'), 3],
    ['base64 of "Bearer <key>"', KEY, Buffer.from(`Bearer ${KEY}`).toString('base64'), 13],
    ['base64 of "u:<key>" (Basic)', KEY, Buffer.from(`u:${KEY}`).toString('base64'), 5],
  ])('a key slant sends, echoed %s, is redacted', (_how, key, echo, left) => {
    registerSecret(key, { inUse: true });
    const out = redact(`the server said: ${echo}.`);
    expect(out).toMatch(/^the server said: .*\[redacted\].*\.$/);
    expect(out.length - '[redacted]'.length - 'the server said: .'.length).toBeLessThanOrEqual(left);
  });

  it('a variable found only in the environment gets no encoded spellings (nothing sent it), until a provider sends it', () => {
    registerEnvSecrets({ SOME_SERVICE_TOKEN: KEY });
    const hex = Buffer.from(KEY).toString('hex');
    expect(redact(`${KEY.toUpperCase()} ${hex}`)).toBe(`[redacted] ${hex}`);
    registerSecret(KEY, { inUse: true });
    expect(redact(`${KEY.toUpperCase()} ${hex}`)).toBe('[redacted] [redacted]');
  });
});

describe('redact: a hint naming the variable to set is kept', () => {
  it.each([
    ['check that the user may connect (password: PGPASSWORD or ~/.pgpass)'],
    ['set api_key=OPENAI_API_KEY in the environment'],
    ['x-api-key: $ANTHROPIC_API_KEY'],
  ])('%s', (text) => {
    expect(redact(text)).toBe(text);
  });

  it.each([
    ['password: hunter2-horse', 'password: [redacted]'],
    ['password: HUNTER2', 'password: [redacted]'],
    ['api_key=Xy7Kp0aQ9zLm', 'api_key=[redacted]'],
  ])('a value is still redacted: %s', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });
});
