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

// Mutation-found gaps in cutoffs.ts (Stryker, judged by the hallucination and WildFrame tests):
// which part of a model id is its name, the longest-key rule against the table's order, keys with
// no letter or digit, the source of a match, and dates refused only after trimming or by year.
describe('model names and the longest key', () => {
  it("the provider before the first ':' is dropped, unless the id is a URL; after a '#' only the model counts", () => {
    // 'gpt' is the provider here, and '4o-mini' is no known model
    expect(resolveCutoff('gpt:4o-mini')).toBeUndefined();
    // an upper-case first letter is no provider: the whole id is the name
    expect(resolveCutoff('Z-gpt:4o-mini')?.cutoff).toBe('2023-10');
    // a name written without separators matches a key written with them
    expect(resolveCutoff('openai:gpt4o-mini')?.cutoff).toBe('2023-10');
    // the base URL before '#' is not the model's name, however it reads
    expect(resolveCutoff('openai-compatible:http://gpt-4o.internal:8000/v1#mystery-model')).toBeUndefined();
    expect(resolveCutoff('openai-compatible:http://127.0.0.1/p#hi3-mini')).toBeUndefined();
    // a URL is not stripped as if 'http' were a provider
    expect(resolveCutoff('http://models.local/m', { httpmodels: '2024-01' })).toEqual({ cutoff: '2024-01', source: 'config' });
  });

  it('the longest matching key wins whatever the order of the table; equal lengths keep the first', () => {
    expect(resolveCutoff('openai:gpt-4o-mini', { 'gpt-4o-mini': '2024-02', 'gpt-4o': '2024-01' })?.cutoff).toBe('2024-02');
    expect(resolveCutoff('openai:gpt-4o-mini', { 'gpt-4o': '2024-01', 'gpt-4o-mini': '2024-02' })?.cutoff).toBe('2024-02');
    expect(resolveCutoff('openai:gpt-4o-mini', { gpt4o: '2024-03', 'gpt-4o': '2024-04' })?.cutoff).toBe('2024-03');
    // a key with no letter or digit matches nothing
    expect(resolveCutoff('ollama:mystery', { '--': '2024-01' })).toBeUndefined();
  });

  it("a name holding two known names: the longer decides, and the source is that match's", () => {
    expect(resolveCutoff('ollama:llama3:8b-gpt-4o-mini')).toEqual({ cutoff: '2023-10', source: 'OpenAI model documentation' });
  });

  it('an exact user entry that is not a date names the entry', () => {
    expect(() => resolveCutoff('x:y', { 'x:y': '2024-13' })).toThrow('cutoffs["x:y"]: knowledge cutoff "2024-13" is not a date (expected YYYY-MM or YYYY-MM-DD)');
  });
});

describe('dates checked after trimming, and by year, month and day', () => {
  it('a day is checked on the trimmed text', () => {
    expect(checkCutoff(' 2024-02-29 ', 'here')).toBe('2024-02-29');
    expect(() => itemDay(' 2024-02-30 ')).toThrow('" 2024-02-30 " is not a date');
  });
  it('a month 00 or a year before 100 (which Date.UTC reads as 19xx) is no calendar day', () => {
    expect(() => itemDay('2024-00-15')).toThrow('"2024-00-15" is not a date');
    expect(() => itemDay('0050-01-01')).toThrow('"0050-01-01" is not a date');
    expect(() => checkCutoff('0050-01-01', 'here')).toThrow('here: knowledge cutoff "0050-01-01" is not a date');
  });
  it('an ISO timestamp with an expanded year is read by Date.parse', () => {
    expect(itemDay('+002024-05-06')).toBe('2024-05-06');
  });
});
