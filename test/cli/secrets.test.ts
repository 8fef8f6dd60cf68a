/**
 * No API key reaches any byte slant writes. Per provider, a canary key is
 * set in the environment and the loopback server echoes it everywhere it can (answer text, an
 * OpenAI refusal, an error body and headers, a streamed error event); then every file under the
 * project directory (store, WAL, reports) and stdout/stderr are searched for it.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSecrets, registerEnvSecrets } from '../../src/core/redact.js';
import type { Answer } from '../helpers/loopback/answer.js';
import { startAnthropicServer } from '../helpers/loopback/anthropic-server.js';
import { startGeminiServer } from '../helpers/loopback/gemini-server.js';
import { startLlamaCppServer } from '../helpers/loopback/llamacpp-server.js';
import { startOllamaServer } from '../helpers/loopback/ollama-server.js';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';
import { startLoopback, type Fault, type LoopbackServer } from '../helpers/loopback/server.js';
import { runCli } from '../helpers/run-cli.js';

/** the key in the environment: must be redacted because it is known */
const CANARY = 'canaryKEY7f3e9b1c5d2a8e4f';
/** a key slant never saw: must be redacted because of its shape */
const SHAPED = 'sk-proj-SHAPEDonly0123456789abcdef';
const NEEDLES = [CANARY, 'SHAPEDonly'];

const ECHO = `echo ${CANARY}; Authorization: Bearer ${CANARY}; x-api-key: ${CANARY}; api_key=${CANARY}; and ${SHAPED}`;

function respond(prompt: string): Answer {
  return { text: `FINAL_SUMMARY: ${prompt.split(/\s+/).slice(0, 8).join(' ')} ${ECHO}`, refusal: `I refuse; your key is Bearer ${CANARY} (${SHAPED})`, inputTokens: 10, outputTokens: 8 };
}

/** the first request of each server fails with the key in its body and headers (then retried) */
function errorFault(): Fault {
  return {
    kind: 'status',
    status: 500,
    headers: { 'retry-after-ms': '1', 'x-echo-key': CANARY, 'www-authenticate': `Bearer ${CANARY}` },
    body: JSON.stringify({ error: { message: `bad key Bearer ${CANARY} ${SHAPED}` } }),
  };
}

/** OpenAI-style SSE: the first request gets a streamed error event echoing the key, later ones an answer. */
function startStreamingServer(): Promise<LoopbackServer> {
  let n = 0;
  return startLoopback(async (req, reply) => {
    n++;
    if (n === 1) {
      await reply.sse([JSON.stringify({ error: { message: `bad key Bearer ${CANARY} ${SHAPED}` } })]);
      return;
    }
    const text = respond('streamed').text;
    await reply.sse([
      JSON.stringify({ choices: [{ index: 0, delta: { content: text }, finish_reason: null }] }),
      JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }),
      JSON.stringify({ choices: [], usage: { prompt_tokens: 5, completion_tokens: 5 } }),
      '[DONE]',
    ]);
    void req;
  });
}

interface ProviderCase {
  name: string;
  env: string;
  start: () => Promise<LoopbackServer>;
  model: (url: string) => string;
}

const CASES: ProviderCase[] = [
  { name: 'openai', env: 'OPENAI_API_KEY', start: () => startOpenAIServer({ respond, apiKey: CANARY }), model: (u) => `{ id: 'openai:gpt-4o-mini', label: 'gpt', options: { baseURL: '${u}/v1' } }` },
  {
    name: 'openai-compatible',
    env: 'OPENAI_COMPATIBLE_API_KEY',
    start: () => startOpenAIServer({ respond, apiKey: CANARY }),
    model: (u) => `{ id: 'openai-compatible:${u}/v1#m', label: 'compat' }`,
  },
  {
    name: 'openai-compatible (streaming)',
    env: 'OPENAI_COMPATIBLE_API_KEY',
    start: startStreamingServer,
    model: (u) => `{ id: 'openai-compatible:${u}/v1#m', label: 'compat', options: { stream: true } }`,
  },
  { name: 'anthropic', env: 'ANTHROPIC_API_KEY', start: () => startAnthropicServer({ respond, apiKey: CANARY }), model: (u) => `{ id: 'anthropic:claude-x', label: 'claude', options: { baseURL: '${u}' } }` },
  { name: 'gemini', env: 'GEMINI_API_KEY', start: () => startGeminiServer({ respond, apiKey: CANARY }), model: (u) => `{ id: 'gemini:gemini-x', label: 'gem', options: { baseURL: '${u}' } }` },
  // ollama reads no key: the canary is a secret-named variable of the environment
  { name: 'ollama', env: 'OLLAMA_API_KEY', start: () => startOllamaServer({ respond }), model: (u) => `{ id: 'ollama:llama3.2', label: 'llama', options: { baseURL: '${u}' } }` },
  { name: 'llamacpp', env: 'LLAMACPP_API_KEY', start: () => startLlamaCppServer({ respond }), model: (u) => `{ id: 'llamacpp:${u}', label: 'lcpp' }` },
];

const DOCS = [
  'The lamp is bright and warm. It looks great on the desk. The switch is stiff at first.',
  'The kettle boils fast. It leaked after a week. Support replaced it within two days.',
];

/** Every file under `dir`, recursively. */
function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? allFiles(p) : [p];
  });
}

/** Files the test itself wrote (the config and the data), not slant. */
const INPUTS = new Set(['slant.yaml', 'docs.jsonl', 'd.jsonl']);

function leaks(dir: string, outputs: string[]): string[] {
  const found: string[] = [];
  for (const f of allFiles(dir)) {
    if (INPUTS.has(f.slice(dir.length + 1))) continue;
    const bytes = readFileSync(f);
    for (const n of NEEDLES) if (bytes.includes(n)) found.push(`${f}: ${n}`);
  }
  outputs.forEach((o, i) => {
    for (const n of NEEDLES) if (o.includes(n)) found.push(`output ${i}: ${n}`);
  });
  return found;
}

function project(modelLine: string): { dir: string; config: string } {
  const dir = mkdtempSync(join(tmpdir(), 'slant-canary-'));
  writeFileSync(join(dir, 'docs.jsonl'), DOCS.map((t, i) => JSON.stringify({ id: `d${i}`, text: t })).join('\n') + '\n');
  const config = join(dir, 'slant.yaml');
  writeFileSync(
    config,
    `store: ${join(dir, '.slant', 'slant.db')}\nreports: ${join(dir, 'reports')}\nconcurrency: 1\nmodels:\n  - ${modelLine}\ndatasets: [{ name: docs, path: docs.jsonl, fields: { source: text } }]\nprobes: [{ name: primacy }]\n`,
  );
  return { dir, config };
}

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  clearSecrets();
});

describe('no API key reaches a byte slant writes (canary per provider)', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const server = await c.start();
      try {
        process.env[c.env] = CANARY;
        if (!c.name.includes('streaming')) server.faults.push(errorFault());
        const { dir, config } = project(c.model(server.url));
        const first = await runCli(['run', '-c', config]);
        expect(first.stderr + first.stdout).toMatch(/completed/);
        expect(first.code, first.stderr).toBe(0);
        // the answer really carried the canary (the test would prove nothing otherwise)
        expect(server.requests.length).toBeGreaterThanOrEqual(2);
        const second = await runCli(['--json', 'run', '-c', config]);
        expect(second.code, second.stderr).toBe(0);
        const stored = await runCli(['--json', 'runs', '--store', join(dir, '.slant', 'slant.db')]);
        expect(leaks(dir, [first.stdout, first.stderr, second.stdout, second.stderr, stored.stdout, stored.stderr])).toEqual([]);
        // what was redacted is marked in the stored answers, not dropped
        expect(allFiles(join(dir, '.slant')).some((f) => readFileSync(f).includes('echo [redacted]; Authorization: [redacted]; x-api-key: [redacted]; api_key=[redacted]; and [redacted]'))).toBe(true);
      } finally {
        await server.close();
      }
    });
  }

  it('item 1: an OpenAI refusal quoting the key is redacted in outputs, cache, results, report and stdout', async () => {
    const server = await startOpenAIServer({ respond, apiKey: CANARY });
    try {
      process.env.OPENAI_API_KEY = CANARY;
      const { dir, config } = project(`{ id: 'openai:gpt-4o-mini', options: { baseURL: '${server.url}/v1' } }`);
      const res = await runCli(['run', '-c', config]);
      expect(res.code, res.stderr).toBe(0);
      // the refusal is counted as the model's invalid answer; wherever its text goes, the key does not
      expect(res.stdout).toMatch(/refused ×2/);
      expect(leaks(dir, [res.stdout, res.stderr])).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('a short key', () => {
  it('a 4-character key a provider uses is redacted wherever the server echoes it (as a whole token)', async () => {
    const SHORT = 'k7x2';
    const server = await startOpenAIServer({ respond: (prompt) => ({ text: `FINAL_SUMMARY: ${prompt.split(/\s+/).slice(0, 8).join(' ')} (key ${SHORT}; k7x2z stays)` }), apiKey: SHORT });
    try {
      process.env.OPENAI_API_KEY = SHORT;
      const { dir, config } = project(`{ id: 'openai:gpt-4o-mini', options: { baseURL: '${server.url}/v1' } }`);
      const res = await runCli(['run', '-c', config]);
      expect(res.code, res.stderr).toBe(0);
      const token = /(?<![A-Za-z0-9])k7x2(?![A-Za-z0-9])/;
      const found = allFiles(dir).filter((f) => !INPUTS.has(f.slice(dir.length + 1)) && token.test(readFileSync(f).toString('latin1')));
      expect(found).toEqual([]);
      expect(res.stdout + res.stderr).not.toMatch(token);
      expect(allFiles(join(dir, '.slant')).some((f) => readFileSync(f).includes('(key [redacted]; k7x2z stays)'))).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe('errors on stderr', () => {
  it('a 401 whose body quotes the rejected key prints the error without it (exit 2)', async () => {
    const server = await startOpenAIServer({ respond, apiKey: 'the-right-key-0123' });
    try {
      process.env.OPENAI_API_KEY = CANARY;
      const { dir, config } = project(`{ id: 'openai:gpt-4o-mini', options: { baseURL: '${server.url}/v1' } }`);
      const res = await runCli(['run', '-c', config]);
      expect(res.code).toBe(2);
      expect(res.stderr).toMatch(/rejected the credentials \(HTTP 401\): Incorrect API key provided: \[redacted\]/);
      expect(res.stderr).toContain('Set OPENAI_API_KEY in the environment');
      expect(leaks(dir, [res.stdout, res.stderr])).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('item 3: credentials in slant.yaml are rejected', () => {
  const base = (providers: string, options = ''): string =>
    `store: db\nproviders:\n${providers}\nmodels:\n  - id: openai:gpt-4o-mini\n${options}\ndatasets: [{ name: d, path: d.jsonl }]\nprobes: [{ name: primacy }]\n`;

  it.each([
    ['providers.openai.apiKey', base(`  openai: { apiKey: ${CANARY} }`), 'OPENAI_API_KEY'],
    ['providers.openai.headers.Authorization', base(`  openai: { headers: { Authorization: 'Bearer ${CANARY}' } }`), 'OPENAI_API_KEY'],
    ['models[0].options.headers.X-Auth-Token', base('  {}', `    options: { headers: { X-Auth-Token: ${CANARY} } }`), 'OPENAI_API_KEY'],
    ['models[0].options.key', base('  {}', `    options: { key: ${CANARY} }`), 'OPENAI_API_KEY'],
    ['providers.ollama.headers.X-Custom', base(`  ollama: { headers: { X-Custom: ${SHAPED} } }`), 'ollama reads no API key'],
  ])('%s', async (path, yaml, instead) => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-cfgkey-'));
    writeFileSync(join(dir, 'd.jsonl'), `${JSON.stringify({ source: DOCS[0] })}\n`);
    writeFileSync(join(dir, 'slant.yaml'), yaml.replace('store: db', `store: ${join(dir, 'db')}`));
    const res = await runCli(['run', '-c', join(dir, 'slant.yaml')]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(path);
    expect(res.stderr).toContain(instead);
    expect(res.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(leaks(dir, [res.stdout, res.stderr])).toEqual([]);
  });

  it('a header may name an environment variable; the store keeps only its name; other headers pass', async () => {
    const server = await startOpenAIServer({ respond: () => ({ text: 'FINAL_SUMMARY: fine.' }), apiKey: 'key-from-env-0123' });
    try {
      process.env.OPENAI_API_KEY = 'key-from-env-0123';
      process.env.GATEWAY_SECRET_VALUE = CANARY;
      const { dir, config } = project(
        `{ id: 'openai:gpt-4o-mini', options: { baseURL: '${server.url}/v1', headers: { X-Gateway-Token: { env: GATEWAY_SECRET_VALUE }, X-Request-Source: slant-tests } } }`,
      );
      const res = await runCli(['run', '-c', config]);
      expect(res.code, res.stderr).toBe(0);
      expect(server.requests[0]?.headers['x-gateway-token']).toBe(CANARY);
      expect(server.requests[0]?.headers['x-request-source']).toBe('slant-tests');
      expect(leaks(dir, [res.stdout, res.stderr])).toEqual([]);
      const db = readFileSync(join(dir, '.slant', 'slant.db'));
      expect(db.includes('GATEWAY_SECRET_VALUE') || readdirSync(join(dir, '.slant')).some((f) => readFileSync(join(dir, '.slant', f)).includes('GATEWAY_SECRET_VALUE'))).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('an unset variable named by a header is a user error naming both', async () => {
    const { config } = project(`{ id: 'openai:gpt-4o-mini', options: { baseURL: 'http://127.0.0.1:9/v1', headers: { X-Gateway-Token: { env: SLANT_TEST_UNSET_VAR } } } }`);
    process.env.OPENAI_API_KEY = 'key-from-env-0123';
    const res = await runCli(['run', '-c', config]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/X-Gateway-Token.*SLANT_TEST_UNSET_VAR/);
  });
});

describe('a key with a quote and a backslash, echoed as it is and encoded', () => {
  const KEY = 'qk7"Zr\\2Lm4Pw8Xv9Tb';
  const ENCODED = [KEY.toUpperCase(), Buffer.from(KEY).toString('base64'), Buffer.from(KEY).toString('base64url'), Buffer.from(KEY).toString('hex'), encodeURIComponent(KEY)];
  /** every spelling that would give the key away: as it is, JSON-escaped (once, twice), encoded; and 12-character pieces of the base64 */
  const needles = [KEY, JSON.stringify(KEY).slice(1, -1), JSON.stringify(JSON.stringify(KEY)).slice(2, -2), ...ENCODED, ...ENCODED.map((e) => JSON.stringify(e).slice(1, -1)), Buffer.from(KEY).toString('base64').slice(2, 14)];

  function leaked(dir: string, outputs: string[]): string[] {
    const found: string[] = [];
    for (const f of allFiles(dir)) {
      if (INPUTS.has(f.slice(dir.length + 1))) continue;
      const text = readFileSync(f).toString('latin1');
      for (const n of needles) if (text.includes(n)) found.push(`${f}: ${n}`);
    }
    outputs.forEach((o, i) => {
      for (const n of needles) if (o.includes(n)) found.push(`output ${i}: ${n}`);
    });
    return found;
  }

  it('in answers and a retried error: in no file slant writes and not at the terminal', async () => {
    const echo = `key ${KEY} ${ENCODED.join(' ')}`;
    const server = await startOpenAIServer({ respond: (prompt) => ({ text: `FINAL_SUMMARY: ${prompt.split(/\s+/).slice(0, 8).join(' ')} ${echo}`, inputTokens: 10, outputTokens: 8 }), apiKey: KEY });
    server.faults.push({ kind: 'status', status: 500, headers: { 'retry-after-ms': '1' }, body: JSON.stringify({ error: { message: `bad ${echo}` } }) });
    try {
      process.env.OPENAI_API_KEY = KEY;
      const { dir, config } = project(`{ id: 'openai:gpt-4o-mini', options: { baseURL: '${server.url}/v1' } }`);
      const res = await runCli(['run', '-c', config]);
      expect(res.code, res.stderr).toBe(0);
      // the answers really carried the key (as it is, and upper case first), replaced where it was
      expect(allFiles(join(dir, '.slant')).some((f) => readFileSync(f).includes('key [redacted] [redacted] '))).toBe(true);
      const json = await runCli(['--json', 'run', '-c', config]);
      expect(leaked(dir, [res.stdout, res.stderr, json.stdout, json.stderr])).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('a 401 quoting it: the error at the terminal does not show it (exit 2)', async () => {
    const server = await startOpenAIServer({ respond, apiKey: 'the-right-key-0123' });
    try {
      process.env.OPENAI_API_KEY = KEY;
      const { dir, config } = project(`{ id: 'openai:gpt-4o-mini', options: { baseURL: '${server.url}/v1' } }`);
      const res = await runCli(['run', '-c', config]);
      expect(res.code).toBe(2);
      expect(res.stderr).toMatch(/Incorrect API key provided: \[redacted\]/);
      expect(leaked(dir, [res.stdout, res.stderr])).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('the PostgreSQL password hint', () => {
  it('names PGPASSWORD (a value is redacted, the name of the variable to set is not)', async () => {
    const { createServer } = await import('node:net');
    const probe = createServer();
    const port = await new Promise<number>((res) => probe.listen(0, '127.0.0.1', () => res((probe.address() as { port: number }).port)));
    await new Promise((res) => probe.close(res));
    process.env.PGPASSWORD = 'pg-secret-value-42';
    registerEnvSecrets(process.env);
    const res = await runCli(['runs', '--store', `postgres://slant@127.0.0.1:${port}/slant`]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('password: PGPASSWORD or ~/.pgpass');
    expect(res.stderr).not.toContain('pg-secret-value-42');
  });
});
