import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError, UserError } from '../../src/core/errors.js';
import { ReplayModel } from '../../src/models/replay/index.js';

const dir = mkdtempSync(join(tmpdir(), 'slant-replay-'));
function file(name: string, lines: string[]): string {
  const p = join(dir, name);
  writeFileSync(p, lines.join('\n'));
  return p;
}
const msg = [{ role: 'user' as const, content: 'ignored' }];

describe('replay provider', () => {
  it('answers by task.recordId from {id, output} rows', async () => {
    const p = file('a.jsonl', ['{"id":"r1","output":"first"}', '', '{"id":2,"output":"second"}']);
    const m = new ReplayModel(p);
    expect(m.id).toBe(`replay:${p}`);
    expect(m.version).toMatch(/^sha256:[0-9a-f]{16}$/);
    expect(await m.generate({ messages: msg, task: { kind: 'summarize', input: '', recordId: 'r1' } })).toEqual({ text: 'first', warnings: [], cached: false });
    expect((await m.generate({ messages: msg, task: { kind: 'summarize', input: '', recordId: '2' } })).text).toBe('second');
  });

  it('a missing record id is a clear UserError', async () => {
    const m = new ReplayModel(file('b.jsonl', ['{"id":"r1","output":"x"}']));
    await expect(m.generate({ messages: msg, task: { kind: 's', input: '', recordId: 'nope' } })).rejects.toThrow(/has no output for record "nope"/);
    await expect(m.generate({ messages: msg })).rejects.toThrow(UserError);
  });

  it('selects one model of a multi-model file with #model; without it, duplicates are an error naming the line', () => {
    const p = file('c.jsonl', ['{"record_id":"r1","model":"m1","output":"a"}', '{"record_id":"r1","model":"m2","output":"b"}']);
    const err = (() => {
      try {
        new ReplayModel(p);
      } catch (e) {
        return e;
      }
      return undefined;
    })() as InputError;
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toMatch(/line 2/);
    expect(err.message).toMatch(/#<model>/);
    const m2 = new ReplayModel(`${p}#m2`);
    expect(m2.size).toBe(1);
    return m2.generate({ messages: msg, task: { kind: 's', input: '', recordId: 'r1' } }).then((r) => expect(r.text).toBe('b'));
  });

  it('names file, line and field for bad rows', () => {
    expect(() => new ReplayModel(file('d.jsonl', ['{"id":"a","output":"x"}', '{bad'])) ).toThrow(/d\.jsonl, line 2: not valid JSON/);
    expect(() => new ReplayModel(file('e.jsonl', ['{"id":"a"}']))).toThrow(/line 1, field "output"/);
    expect(() => new ReplayModel(join(dir, 'missing.jsonl'))).toThrow(/cannot read/);
    expect(() => new ReplayModel(`${file('f.jsonl', ['{"id":"a","model":"m1","output":"x"}'])}#m9`)).toThrow(/no rows for model "m9"/);
  });

  it('warns that every decoding setting is ignored', async () => {
    const m = new ReplayModel(file('g.jsonl', ['{"id":"a","output":"x"}']));
    const r = await m.generate({ messages: msg, task: { kind: 's', input: '', recordId: 'a' }, params: { temperature: 0, seed: 1, stop: [] } });
    expect(r.warnings.map((w) => w.setting)).toEqual(['temperature', 'seed']);
  });
});
