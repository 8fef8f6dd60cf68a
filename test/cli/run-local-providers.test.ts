import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultsSchema } from '../../src/results/schema.js';
import { writeTinyGguf } from '../helpers/tiny-gguf.js';
import { runCli } from '../helpers/run-cli.js';

describe('slant run with local providers (no network at all)', () => {
  it('runs a GGUF file in process and replays recorded outputs, each as its own model', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-local-'));
    writeTinyGguf(join(dir, 'tiny.gguf'));
    const docs = [
      { id: 'd1', text: 'The battery lasts two days. The screen is bright and sharp. The speaker crackles at high volume.' },
      { id: 'd2', text: 'Setup took five minutes. The app crashed twice on the first day. Support answered within an hour.' },
    ];
    writeFileSync(join(dir, 'docs.jsonl'), docs.map((d) => JSON.stringify(d)).join('\n') + '\n');
    writeFileSync(join(dir, 'recorded.jsonl'), [JSON.stringify({ id: 'd1', output: 'The battery lasts two days.' }), JSON.stringify({ id: 'd2', output: 'The app crashed twice.' })].join('\n') + '\n');
    writeFileSync(
      join(dir, 'slant.yaml'),
      `store: ${join(dir, 'db')}\nreports: ${join(dir, 'r')}\nmodels:\n  - id: gguf:${join(dir, 'tiny.gguf')}\n    label: tiny\n    options: { contextSize: 512 }\n  - id: replay:${join(dir, 'recorded.jsonl')}\n    label: recorded\ndatasets: [{ name: docs, path: docs.jsonl, fields: { source: text } }]\nprobes: [{ name: primacy }]\ngeneration: { maxTokens: 8 }\n`,
    );
    const res = await runCli(['--json', 'run', '-c', join(dir, 'slant.yaml')]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const results = resultsSchema.parse((JSON.parse(res.stdout) as { results: unknown }).results);
    const groups = results.probes[0]!.groups;
    expect(groups.map((g) => g.labels.model).sort()).toEqual(['recorded', 'tiny']);
    expect(groups.every((g) => g.n === 2)).toBe(true);
    // the replayed summary of d1 is the document's first sentence: closest to the beginning
    const item = results.probes[0]!.items.find((i) => i.labels.model === 'recorded' && i.recordId === 'd1')!.measurement as { sB: number; sM: number };
    expect(item.sB).toBeGreaterThan(item.sM);
    // the GGUF model ran in process (usage counted: it reports token counts)
    expect(results.usage?.rows.find((r) => r.model.startsWith('gguf:'))?.requests).toBe(2);
  });
});
