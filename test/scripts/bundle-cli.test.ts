/**
 * The CLI as users run it: the built bundle (dist/cli/bin.js and dist/chunks/, scripts/bundle-cli.mjs),
 * which `npm ci` builds (prepare; `npm run build` after a change). The other CLI tests run the
 * TypeScript sources, so this one checks what only the bundle can get wrong: the JSON assets, the
 * vendored distributions and the report thread's entry found from the chunks, packages bundled
 * from CommonJS (undici's requests among them), and one set of modules shared with a plugin that
 * imports `slant`.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startOpenAIServer } from '../helpers/loopback/openai-server.js';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'dist/cli/bin.js');
const dir = mkdtempSync(join(tmpdir(), 'slant-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const REVIEWS = [
  'The battery lasts two days and the screen is bright. Setup took a minute. I love how light it is, and the price was fair. Delivery was fast.',
  'It broke after a week. The manual is useless and support never answered. The cable is flimsy. I asked for a refund and I am still waiting.',
  'The box arrived on Monday. It has a screen, a cable and a manual. The color is grey. It weighs about a kilo and fits in a bag.',
];

/** `node <cli> --json <args>` in `cwd` (ROOT for the sources: tsx is found from there); exit code, stdout and stderr. */
async function slant(cli: string[], args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...cli, '--json', ...args], { cwd, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 1 << 26 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** results.json of a finished run, without what differs from run to run by nature (its id and clock times). */
function results(stdout: string): unknown {
  const out = JSON.parse(stdout) as { reportDir: string };
  const r = JSON.parse(readFileSync(join(out.reportDir, 'results.json'), 'utf8')) as { run: Record<string, unknown> };
  for (const k of ['id', 'createdAt', 'finishedAt']) delete r.run[k];
  return r;
}

describe('the built CLI bundle', () => {
  it('is a bundle: its entry imports chunks', () => {
    expect(readFileSync(BIN, 'utf8')).toMatch(/from "\.\.\/chunks\/[^"]+\.js"/);
  });

  it('measures framing and primacy as the TypeScript sources do: same results.json, report.html with its figures', async () => {
    const input = join(dir, 'reviews.jsonl');
    writeFileSync(input, REVIEWS.map((r, i) => JSON.stringify({ id: `r${i}`, source: r, output: r.split('. ').slice(0, 2).join('. ') })).join('\n') + '\n');
    const measure = (name: string): string[] => ['measure', 'framing', 'primacy', '-i', input, '--store', join(dir, `${name}.db`), '--reports', join(dir, `${name}-reports`)];
    const bundled = await slant([BIN], measure('bundle'), dir);
    expect(bundled.stderr).toBe('');
    expect(bundled.code).toBe(0);
    const sources = await slant(['--import', 'tsx', join(ROOT, 'src/cli/bin.ts')], measure('sources'), ROOT);
    expect(sources.stderr).toBe('');
    expect(sources.code).toBe(0);
    const r = results(bundled.stdout) as { probes: { probe: string; items: unknown[] }[] };
    expect(r.probes.map((p) => [p.probe, p.items.length])).toEqual([
      ['framing', 3],
      ['primacy', 3],
    ]);
    expect(r).toEqual(results(sources.stdout));
    // the figures are drawn in the report thread, which the bundle starts from its own entry
    const html = readFileSync(join((JSON.parse(bundled.stdout) as { reportDir: string }).reportDir, 'report.html'), 'utf8');
    expect(html).toContain('<svg');
  });

  it('shares its modules with a plugin that imports slant: an error the plugin throws is the CLI’s UserError', async () => {
    const project = join(dir, 'plugin');
    mkdirSync(join(project, 'node_modules'), { recursive: true });
    symlinkSync(ROOT, join(project, 'node_modules/slant'), 'dir');
    writeFileSync(
      join(project, 'format.js'),
      "import { definePlugin, UserError, EXIT } from 'slant';\n" +
        "export default definePlugin({ formats: [{ name: 'refusing', fields: ['source'], describe: () => 'refuses', matches: async (entry, file) => file.endsWith('.txt'), read() { throw new UserError('the refusing format reads nothing', { exitCode: EXIT.input }); } }] });\n",
    );
    writeFileSync(join(project, 'notes.txt'), 'one note\n');
    writeFileSync(join(project, 'slant.yaml'), "plugins: [./format.js]\nmodels:\n  - { id: 'builtin:lead-3' }\ndatasets:\n  - { name: notes, path: notes.txt }\nprobes:\n  - { name: primacy }\n");
    const r = await slant([BIN], ['run', '-c', 'slant.yaml'], project);
    // a second copy of the library's modules would make this an unknown error (exit 1, internal)
    expect(r.stderr).toContain('the refusing format reads nothing');
    expect(r.code).toBe(3);
  });

  it('runs a model over HTTP (undici, bundled from CommonJS): every record asked once, every summary measured', async () => {
    const server = await startOpenAIServer({ respond: (prompt) => ({ text: `FINAL_SUMMARY: ${prompt.split(/\s+/).slice(5, 17).join(' ')}`, inputTokens: 50, outputTokens: 12 }) });
    try {
      const project = join(dir, 'http');
      mkdirSync(project);
      writeFileSync(join(project, 'reviews.jsonl'), REVIEWS.map((r, i) => JSON.stringify({ id: `r${i}`, text: r })).join('\n') + '\n');
      writeFileSync(
        join(project, 'slant.yaml'),
        `models:\n  - id: openai-compatible:${server.url}/v1#loopback-model\ndatasets:\n  - { name: reviews, path: reviews.jsonl, fields: { source: text } }\nprobes:\n  - { name: primacy }\n`,
      );
      const r = await slant([BIN], ['run', '--no-cache', '-c', 'slant.yaml'], project);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(server.count('/v1/chat/completions')).toBe(REVIEWS.length);
      const out = results(r.stdout) as { probes: { probe: string; items: unknown[] }[] };
      expect(out.probes.map((p) => [p.probe, p.items.length])).toEqual([['primacy', REVIEWS.length]]);
    } finally {
      await server.close();
    }
  });
});
