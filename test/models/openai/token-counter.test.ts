import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEncoding, tokenCounter } from '../../../src/models/openai/tokenizer.js';
import { countInputTokens } from '../../../src/runtime/token-count.js';

const examples = join(import.meta.dirname, '../../../examples/data');
const texts = (file: string): string[] =>
  readFileSync(join(examples, file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => Object.values(JSON.parse(line) as Record<string, unknown>).filter((v): v is string => typeof v === 'string'));

// the whitespace and punctuation edges of the encodings' patterns, and text in other scripts
const edges = [
  '',
  ' ',
  'a',
  'Hello, world!',
  'two  spaces   and    four',
  'trailing spaces   ',
  '   leading spaces',
  'line\nbreaks\r\n\r\nand\n\n\n   indented\n\tTabs\t\t end',
  "it's they'RE we'll I'd O'Neil's",
  'numbers 1234567 3.14159 -42 1,000,000',
  'URL https://example.com/a/b?c=d&e=f#g',
  'emoji 👍🏽 and CJK 漢字かなカナ and Ελληνικά and עברית',
  '<|endoftext|> a special token as text <|fim_prefix|>',
  '```json\n{"a": [1, 2, 3]}\n```',
  'MixedCASEWordsAndCamelCase and ALLCAPS',
  'x'.repeat(300),
  ' \u00a0nbsp\u2003em space\u200bzero width',
];

describe('tokenCounter: the exact count of js-tiktoken encode, piece by piece', () => {
  for (const enc of ['o200k_base', 'cl100k_base'] as const) {
    it(`${enc}: equals encode(text).length on edge texts and the example data, counted twice (the second time from what it remembers)`, async () => {
      const tok = await loadEncoding(enc);
      const count = await tokenCounter(enc);
      const all = [...edges, ...texts('news.jsonl'), ...texts('abstracts.jsonl'), ...texts('claims.jsonl')];
      for (let round = 0; round < 2; round++) for (const t of all) expect(count(t), JSON.stringify(t.slice(0, 60))).toBe(tok.encode(t, [], []).length);
    });
  }

  it('reference counts: o200k_base and cl100k_base as OpenAI counts them', async () => {
    // OpenAI's cookbook ("How to count tokens with tiktoken"): cl100k_base encodes "tiktoken is great!" as [83, 1609, 5963, 374, 2294, 0]
    const cl100k = await tokenCounter('cl100k_base');
    expect(cl100k('tiktoken is great!')).toBe(6);
    expect((await loadEncoding('cl100k_base')).encode('tiktoken is great!')).toEqual([83, 1609, 5963, 374, 2294, 0]);
    // "Hello" "," " world" "!" in both encodings
    expect((await tokenCounter('o200k_base'))('Hello, world!')).toBe(4);
    expect(cl100k('Hello, world!')).toBe(4);
  });

  it('a special token in a message is counted as the text it is, never an error', async () => {
    const r = await countInputTokens('openai:gpt-4o-mini', [{ role: 'user', content: 'before <|endoftext|> after' }]);
    expect(r.exact).toBe(true);
    expect(r.tokens).toBeGreaterThan(3 + 3 + 3);
  });
});
