import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { importEvents, splitSource } from '../../src/datasets/import-events.js';
import { offlineFalsifier } from '../../src/datasets/news/falsify.js';

function tmp(): string {
  return mkdtempSync(join(tmpdir(), 'slant-import-'));
}

const EVENTS = [
  { date: '2025-09-14', category: 'Armed conflicts and attacks', text: 'Gaza war', is_event: false },
  { date: '2025-09-14', category: 'Armed conflicts and attacks', text: 'A police officer is killed in an attack on a police station in Cauca, Colombia. (The Times of India)', is_event: true },
  { date: '2025-09-15', category: 'Politics', text: 'The Senate passes the budget bill. (AP)', is_event: true },
  { date: '2025-09-15', category: 'Politics', text: 'The Senate passes the budget bill. (AP)', is_event: true },
  { date: '2024-01-01', category: 'Politics', text: 'An old event happens. (BBC)', is_event: true },
];

describe('splitSource', () => {
  it('takes the outlet from trailing parentheses', () => {
    expect(splitSource('X is killed. (Al Jazeera)')).toEqual({ text: 'X is killed.', source: 'Al Jazeera' });
    expect(splitSource('No source here.')).toEqual({ text: 'No source here.' });
  });
});

describe('importEvents', () => {
  it('writes pairs with the offline negator, counting everything it leaves out', async () => {
    const dir = tmp();
    const input = join(dir, 'events.jsonl');
    writeFileSync(input, EVENTS.map((e) => JSON.stringify(e)).join('\n') + '\n');
    const output = join(dir, 'pairs.jsonl');
    const stats = await importEvents({ input, output, falsifier: offlineFalsifier(), from: '2025-01-01' });
    expect(stats).toMatchObject({ read: 5, notEvents: 1, outOfRange: 1, duplicates: 1, written: 2 });
    const rows = readFileSync(output, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, string>);
    expect(rows[0]).toMatchObject({
      date: '2025-09-14',
      true_text: 'A police officer is killed in an attack on a police station in Cauca, Colombia.',
      false_text: 'A police officer is not killed in an attack on a police station in Cauca, Colombia.',
      source: 'The Times of India',
      category: 'Armed conflicts and attacks',
    });
    expect(rows[1]?.false_text).toBe('The Senate does not pass the budget bill.');
    expect(rows[0]?.id).toMatch(/^h:[0-9a-f]{16}$/);
    // ids are stable across runs
    const again = join(dir, 'again.jsonl');
    await importEvents({ input, output: again, falsifier: offlineFalsifier(), from: '2025-01-01' });
    expect(readFileSync(again, 'utf8')).toBe(readFileSync(output, 'utf8'));
  });

  it('names file, line and field of a bad row', async () => {
    const dir = tmp();
    const input = join(dir, 'bad.jsonl');
    writeFileSync(input, JSON.stringify(EVENTS[1]) + '\n' + JSON.stringify({ date: 'Sept 15', text: 'x' }) + '\n');
    const err = await importEvents({ input, output: join(dir, 'o.jsonl'), falsifier: offlineFalsifier() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).location).toMatchObject({ line: 2, field: 'date' });
  });
});
