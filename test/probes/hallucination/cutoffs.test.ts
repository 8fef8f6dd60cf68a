// The built-in cutoff table and the cutoff checks (a mutation target: which facts count as after
// a model's cutoff decides every hallucination rate per period).
import { describe, expect, it } from 'vitest';
import { checkCutoff, cutoffLastDay, itemDay, KNOWN_CUTOFFS, resolveCutoff } from '../../../src/probes/hallucination/cutoffs.js';

describe('KNOWN_CUTOFFS', () => {
  it('every entry is a valid cutoff with a source, and its own id (behind a provider) resolves to it', () => {
    for (const [key, entry] of Object.entries(KNOWN_CUTOFFS)) {
      expect(checkCutoff(entry.cutoff, key)).toBe(entry.cutoff);
      expect(cutoffLastDay(entry.cutoff)).toMatch(/^\d{4}-\d{2}-(28|29|30|31)$/);
      expect(entry.source.length, key).toBeGreaterThan(0);
      expect(resolveCutoff(`provider:${key}`)?.cutoff, key).toBe(entry.cutoff);
    }
  });

  it("a built-in match names the table's source", () => {
    expect(resolveCutoff('openai:gpt-3.5-turbo')).toEqual({ cutoff: '2021-09', source: 'OpenAI model documentation' });
    expect(resolveCutoff('ollama:llama3.1:8b')).toEqual({ cutoff: '2023-12', source: 'Meta model card (Ollama tag)' });
  });
});

describe('cutoff and date checks', () => {
  it('names the bad value and where it came from', () => {
    expect(() => checkCutoff('2024-00', 'cutoffs["m"]')).toThrow('cutoffs["m"]: knowledge cutoff "2024-00" is not a date (expected YYYY-MM or YYYY-MM-DD)');
    // a day the calendar does not have was accepted (Date.parse rolls 2024-02-30 over to March 1)
    expect(() => checkCutoff('2024-02-30', 'here')).toThrow('here: knowledge cutoff "2024-02-30" is not a date');
    expect(() => checkCutoff('2023-04-31', 'here')).toThrow(/not a date/);
    expect(checkCutoff('2024-02-29', 'here')).toBe('2024-02-29');
    expect(() => checkCutoff('March 2024', 'here')).toThrow(/not a date/);
    expect(checkCutoff(' 2024-12 ', 'here')).toBe('2024-12');
    expect(checkCutoff('2024-01', 'here')).toBe('2024-01');
    expect(() => cutoffLastDay('2024')).toThrow('knowledge cutoff "2024" is not a date (expected YYYY-MM or YYYY-MM-DD)');
    expect(cutoffLastDay('2023-02')).toBe('2023-02-28');
    expect(cutoffLastDay('2023-12')).toBe('2023-12-31');
    expect(cutoffLastDay('2023-06-15')).toBe('2023-06-15');
  });

  it('an item date is its UTC calendar day; anything else is refused, naming it', () => {
    expect(itemDay(' 2024-05-06 ')).toBe('2024-05-06');
    expect(itemDay('2024-05-06T23:30:00-02:00')).toBe('2024-05-07');
    expect(() => itemDay('someday')).toThrow('"someday" is not a date (expected YYYY-MM-DD or an ISO timestamp)');
    // a day the calendar does not have was taken as is (Date.parse rolls it over to March 1)
    expect(() => itemDay('2023-02-29')).toThrow('"2023-02-29" is not a date');
    expect(itemDay('2024-02-29')).toBe('2024-02-29');
  });

  it('a user key matches by substring when the exact id is not in the table, and the user table wins over the built-in one', () => {
    expect(resolveCutoff('openai:gpt-4o-mini', { 'gpt-4o': '2024-01' })).toEqual({ cutoff: '2024-01', source: 'config' });
    expect(() => resolveCutoff('openai:gpt-4o-mini', { 'gpt-4o': 'soon' })).toThrow('cutoffs for "openai:gpt-4o-mini": knowledge cutoff "soon" is not a date');
  });
});
