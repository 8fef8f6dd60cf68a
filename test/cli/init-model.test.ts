import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfigFile } from '../../src/config/load.js';
import { EXAMPLE_CONFIG } from '../../src/config/example.js';
import { parseCompatibleId } from '../../src/models/openai-compatible/index.js';
import { UserError } from '../../src/core/errors.js';
import { runCli } from '../helpers/run-cli.js';

const dir = (): string => mkdtempSync(join(tmpdir(), 'slant-init-model-'));
const COMPATIBLE = 'openai-compatible:http://127.0.0.1:8000/v1#Qwen/Qwen2.5-7B-Instruct';

describe('slant init --model', () => {
  it('writes a valid config whose only model is the one given (a "#" in the id survives YAML)', async () => {
    for (const id of [COMPATIBLE, 'openai:gpt-4o-mini', 'ollama:llama3.1:8b', 'llamacpp:http://127.0.0.1:8080', 'gguf:models/tiny.gguf']) {
      const file = join(dir(), 'slant.yaml');
      const r = await runCli(['init', '--model', id, '-o', file]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`for ${id}`);
      expect(loadConfigFile(file).models.map((m) => m.id)).toEqual([id]);
    }
  });

  it('a model id without its model name, with a space before "#" or of no provider: exit 2 and what is wrong, no file', async () => {
    const cases: [string, RegExp][] = [
      ['openai-compatible:http://127.0.0.1:8000/v1', /no model name in "http:\/\/127\.0\.0\.1:8000\/v1": the model goes after "#", as in openai-compatible:http:\/\/127\.0\.0\.1:8000\/v1#<model>/],
      ['openai-compatible:http://127.0.0.1:8000/v1 #qwen', /a space beside "#"/],
      ['openai-compat:http://127.0.0.1:8000/v1#qwen', /no provider is called "openai-compat"; the ids slant reads are openai:<model>, .*openai-compatible:<baseURL>#<model>/],
      ['ollama:', /nothing after "ollama:"; expected ollama:<model>/],
    ];
    for (const [id, message] of cases) {
      const file = join(dir(), 'slant.yaml');
      const r = await runCli(['init', '--model', id, '-o', file]);
      expect(r.code, id).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(() => readFileSync(file)).toThrow();
    }
  });

  it('the template carries a worked example for OpenAI, an OpenAI-compatible server, Ollama, llama.cpp and a GGUF file', () => {
    for (const example of ['#  - id: openai:gpt-4o-mini', `#  - id: "${COMPATIBLE}"`, '#  - id: ollama:', '#  - id: llamacpp:http://', '#  - id: gguf:']) expect(EXAMPLE_CONFIG).toContain(example);
    // each example, uncommented, is a config that loads with that model
    for (const line of EXAMPLE_CONFIG.split('\n').filter((l) => /^# {2}- id: /.test(l))) {
      const file = join(dir(), 'slant.yaml');
      writeFileSync(file, EXAMPLE_CONFIG.replace(/models:\n(?: {2}- id: .*\n| {4}label: .*\n)+/, `models:\n${line.slice(1).replace(/\s+#.*$/, '')}\n`));
      expect(loadConfigFile(file).models).toHaveLength(1);
    }
  });
});

describe('the model-id mistakes a YAML comment makes', () => {
  const message = (rest: string): UserError => {
    try {
      parseCompatibleId(rest, { env: {} });
    } catch (e) {
      return e as UserError;
    }
    throw new Error(`${rest} accepted`);
  };

  it('"…/v1 #model" in slant.yaml loses the model: the message says so instead of "no base URL"', () => {
    const file = join(dir(), 'slant.yaml');
    writeFileSync(file, EXAMPLE_CONFIG.replace('  - id: builtin:lead-3\n', '  - id: openai-compatible:http://127.0.0.1:8000/v1 #qwen2.5\n'));
    const id = loadConfigFile(file).models[0]!.id;
    expect(id).toBe('openai-compatible:http://127.0.0.1:8000/v1'); // what YAML leaves of it
    const e = message(id.slice('openai-compatible:'.length));
    expect(e.message).not.toContain('no base URL');
    expect(e.message).toContain('no model name');
    expect(e.hint).toContain('a "#" after a space starts a comment');
    expect(e.hint).toContain('http://127.0.0.1:8000/v1/models');
  });

  it('a model name alone still needs a base URL (from the id, the options or OPENAI_COMPATIBLE_BASE_URL)', () => {
    expect(message('qwen2.5').message).toContain('no base URL in "qwen2.5"');
    expect(parseCompatibleId('qwen2.5', { env: { OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:9/v1' } })).toEqual({ baseURL: 'http://127.0.0.1:9/v1', model: 'qwen2.5' });
  });
});
