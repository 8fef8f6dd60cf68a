import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerDatasets } from '../../src/cli/commands/datasets.js';
import { startNewsLoopback, type NewsLoopback } from '../helpers/loopback-news.js';

async function run(args: string[]): Promise<string> {
  const program = new Command('slant').option('--json').option('-q, --quiet').exitOverride();
  registerDatasets(program);
  let out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((c: string | Uint8Array) => {
    out += String(c);
    return true;
  });
  try {
    await program.parseAsync(['node', 'slant', ...args]);
  } finally {
    spy.mockRestore();
  }
  return out;
}

let srv: NewsLoopback;
let dir: string;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'slant-dscli-'));
  srv = await startNewsLoopback({
    articles: [
      { slug: 'a', title: 'Council approves the new transit budget for next year', description: 'The council approves the transit budget.', publishedAt: '2025-07-01T10:00:00Z', page: 'meta', pageText: 'The city council approves the new transit budget.' },
      { slug: 'b', title: 'Storm closes schools across the northern region', description: 'A storm closes schools.', publishedAt: '2025-07-02T10:00:00Z', page: 'body', pageText: 'A strong storm closes schools across the northern region on Monday morning.' },
    ],
  });
});
afterEach(async () => {
  await srv.close();
});

describe('slant datasets', () => {
  it('news --once twice from an RSS feed adds nothing the second time; export writes the pairs', async () => {
    const store = join(dir, 'slant.db');
    const first = JSON.parse(await run(['--json', 'datasets', 'news', '--once', '--no-newsapi', '--feed', `${srv.url}/feed.xml`, '--store', store])) as { stats: { added: number }; total: number };
    expect(first.stats.added).toBe(2);
    const second = JSON.parse(await run(['--json', 'datasets', 'news', '--once', '--no-newsapi', '--feed', `${srv.url}/feed.xml`, '--store', store])) as { stats: { added: number; duplicateUrl: number }; total: number };
    expect(second).toMatchObject({ stats: { added: 0, duplicateUrl: 2 }, total: 2 });
    const out = join(dir, 'pairs.jsonl');
    await run(['datasets', 'export', '--store', store, '-o', out, '--post-cutoff-for', 'openai:my-model', '--cutoff', '2025-06']);
    const rows = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { true_text: string; false_text: string; date: string });
    expect(rows.map((r) => r.false_text)).toEqual(['The city council does not approve the new transit budget.', 'A strong storm does not close schools across the northern region on Monday morning.']);
  });
  it('import writes pairs and reports counts', async () => {
    const input = join(dir, 'events.jsonl');
    writeFileSync(input, `${JSON.stringify({ date: '2026-01-05', text: 'The central bank raises interest rates by 0.25 points. (Reuters)', is_event: true })}\n`);
    const out = join(dir, 'pairs.jsonl');
    const msg = await run(['datasets', 'import', input, '-o', out]);
    expect(msg).toContain('wrote 1 pairs');
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ false_text: 'The central bank does not raise interest rates by 0.25 points.', source: 'Reuters' });
  });
});
