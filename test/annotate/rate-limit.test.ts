import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../src/runtime/store.js';
import { createStudy, getAnswers } from '../../src/annotate/study-store.js';
import { startAnnotateServer, type AnnotateServer } from '../../src/annotate/server.js';
import { AnswerRateLimit } from '../../src/annotate/rate-limit.js';
import { form, formFields, http } from './http-client.js';

describe('AnswerRateLimit', () => {
  it('lets a burst through, then one answer per 1/perMinute, per key', () => {
    let t = 0;
    const rl = new AnswerRateLimit({ perMinute: 60, burst: 3 }, () => t);
    expect([rl.take('a'), rl.take('a'), rl.take('a')]).toEqual([0, 0, 0]);
    expect(rl.take('a')).toBe(1000);
    expect(rl.take('b')).toBe(0);
    t = 400;
    expect(rl.take('a')).toBe(600);
    t = 1000;
    expect(rl.take('a')).toBe(0);
    expect(rl.take('a')).toBe(1000);
    // idle time refills up to the burst, never beyond
    t = 3_600_000;
    expect([rl.take('a'), rl.take('a'), rl.take('a'), rl.take('a')]).toEqual([0, 0, 0, 1000]);
  });
});

describe('the annotation server limits answers per annotator', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slant-annotate-rate-'));
  let store: Store;
  let srv: AnnotateServer;
  let tokA = '';
  let tokB = '';
  let t = 1_000_000;

  beforeAll(async () => {
    store = Store.open(join(dir, 'slant.db'));
    const items = Array.from({ length: 4 }, (_, i) => ({ id: `p${i}`, role: 'task' as const, content: { original: `original ${i}`, rewrite: `rewrite ${i}` }, judges: {} }));
    const { tokens } = await createStudy(store, { kind: 'certainty', items, annotators: ['a', 'b'], k: 2, attention: 0, seed: 1, source: { test: true }, id: 'rate' });
    tokA = tokens.find((x) => x.annotator === 'a')!.token;
    tokB = tokens.find((x) => x.annotator === 'b')!.token;
    srv = await startAnnotateServer(store, 'rate', { now: () => t });
  });
  afterAll(async () => {
    await srv.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const csrf = new Map<string, string>();
  const answer = async (token: string) => {
    // the same item again and again (a re-answer replaces the stored one): the limit counts posts
    if (!csrf.has(token)) csrf.set(token, formFields((await http(`${srv.url}/a/${token}/item/p0`)).body).csrf);
    const page = { item: 'p0', csrf: csrf.get(token)! };
    return http(`${srv.url}/a/${token}/answer`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: srv.url, 'Sec-Fetch-Site': 'same-origin' },
      body: form({ item: page.item, value: '1', csrf: page.csrf, msOnItem: '3000', msHidden: '0', blurs: '0' }),
    });
  };

  it('20 answers at once, then 429 with Retry-After until the clock moves; other annotators unaffected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await answer(tokA)).status);
    expect(statuses.slice(0, 20).every((s) => s === 303)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    const refused = await answer(tokA);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.body).toContain('too many answers at once');
    expect((await answer(tokB)).status).toBe(303);
    t += 1000; // 60 a minute: one more a second
    expect((await answer(tokA)).status).toBe(303);
    expect((await answer(tokA)).status).toBe(429);
    expect((await getAnswers(store, 'rate')).map((x) => `${x.annotator}:${x.item}`).sort()).toEqual(['a:p0', 'b:p0']);
  });
});
