// Direct tests of measureCertainty and resolveComparator (src/probes/certainty/measure.ts): which
// comparator measures, with which settings, and every field of the stored measurement, with values
// known from the scripted judges below. The CLI tests reach this file too, but mutation testing
// judges its mutants by the probe tests, so each branch is pinned here; the comments name the
// mutants each test kills.
import { describe, it, expect } from 'vitest';
import { UserError } from '../../../src/core/errors.js';
import { STOPPABLE_MIN_CHARS } from '../../../src/core/stoppable.js';
import { measureCertainty, resolveComparator } from '../../../src/probes/certainty/measure.js';
import { certaintyOptionsSchema, type CertaintyOptions, type CertaintyRecord } from '../../../src/probes/certainty/schema.js';
import type { ProbeJudges } from '../../../src/probes/types.js';
import type { Embedder } from '../../../src/judges/types.js';
import { fakeModel, pairOf, tag } from '../../judges/certainty/fake-model.js';

const opts = (o: Record<string, unknown> = {}): CertaintyOptions => certaintyOptionsSchema.parse(o);
const ctx = (judges: ProbeJudges, o: Record<string, unknown> = {}, signal?: AbortSignal) => ({ judges, options: opts(o), ...(signal ? { signal } : {}) });

/** The Figure 24 judge as a scripted model: a text with "may" is the less certain; the explanation names the order. */
const hedgeJudge = (id = 'judge') =>
  fakeModel(id, (req) => {
    const { a, b } = pairOf(req);
    const hedged = (t: string): boolean => /\bmay\b/.test(t);
    if (hedged(a) === hedged(b)) return tag(`same:${a}`, 'No clear difference');
    return tag(`differ:${a}`, hedged(a) ? 'Clearly B' : 'Clearly A');
  });

/** A judge that always answers "Text A clearly more certain": the two orders disagree (inconsistent). */
const alwaysA = (id = 'judge') => fakeModel(id, () => tag('first wins', 'Clearly A'));
const alwaysSame = (id = 'mod') => fakeModel(id, () => tag('moderated', 'No clear difference'));

/** The user error `f` throws (any other outcome fails the test). */
function userErrorOf(f: () => unknown): { message: string; hint: string | undefined } {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return { message: (e as UserError).message, hint: (e as UserError).hint };
  }
  throw new Error('expected a user error, none was thrown');
}

const rec = (r: Partial<CertaintyRecord> = {}): CertaintyRecord => ({ id: 'r', original: 'X may reduce Y.', rewrite: 'X reduces Y.', ...r });

describe('resolveComparator: which comparator, with which settings', () => {
  it('"auto" takes the LLM judge when one is configured and the offline comparator when not; "offline" ignores a configured judge', () => {
    // kills: want === 'llm' made true, the || made &&, want === 'auto' made true / false, && ctx.judges.llm dropped
    const llm = hedgeJudge();
    expect(resolveComparator(ctx({ llm })).kind).toBe('llm');
    expect(resolveComparator(ctx({ llm })).comparator.id).toBe('certainty-llm:judge');
    expect(resolveComparator(ctx({})).kind).toBe('offline');
    expect(resolveComparator(ctx({ llm }, { comparator: 'offline' })).kind).toBe('offline');
    expect(resolveComparator(ctx({ llm }, { comparator: 'llm' })).kind).toBe('llm');
  });

  it('"llm" without judges.llm is a user error that says what to configure', () => {
    // kills: the !ctx.judges.llm guard made false, its message and hint emptied
    expect(userErrorOf(() => resolveComparator(ctx({}, { comparator: 'llm' })))).toEqual({
      message: 'certainty: comparator "llm" needs a judge model (judges.llm)',
      hint: 'configure an evaluation model or use comparator: offline',
    });
  });

  it('the document level without a judge model, and a moderator with the offline comparator, are user errors naming the setting', () => {
    // kills: the document-level and moderator guards made false, their messages and hints emptied
    expect(userErrorOf(() => resolveComparator(ctx({}, { level: 'document' })))).toEqual({
      message: 'certainty: level "document" aligns claims with the LLM judge (judges.llm); the offline comparator cannot',
      hint: 'configure judges.llm (or --llm-judge)',
    });
    expect(userErrorOf(() => resolveComparator(ctx({}, { moderator: 'openai:gpt-4o' })))).toEqual({
      message: "certainty: a moderator (openai:gpt-4o) reviews the LLM judge's order-inconsistent labels, but this run compares with the offline comparator",
      hint: 'configure judges.llm (or --llm-judge), or drop the moderator',
    });
    // the sentence level with no moderator and no judge model is the offline comparator, no error
    expect(resolveComparator(ctx({}, { level: 'sentence' })).kind).toBe('offline');
  });

  it('the offline comparator gets the configured bands', async () => {
    // kills: the bands object emptied or either band dropped (the defaults give this pair a label of 2, see probe.test.ts)
    const pair = ['These results suggest that X may reduce Y.', 'X clearly reduces Y.'] as const;
    expect((await resolveComparator(ctx({})).comparator.compare(...pair)).label).toBe(2);
    expect((await resolveComparator(ctx({}, { offlineTieBand: 100 })).comparator.compare(...pair)).label).toBe(0);
    // a tie band of 0 with a wide clear band: a direction, only "slightly"
    expect((await resolveComparator(ctx({}, { offlineTieBand: 0, offlineClearBand: 100 })).comparator.compare(...pair)).label).toBe(1);
  });

  it('the LLM judge is asked at the configured temperature and token limit, with the moderator and re-ask', async () => {
    // kills: the judge's options object emptied ({}), the maxTokens guard made true/false, the moderator and reask guards
    const llm = hedgeJudge();
    await resolveComparator(ctx({ llm }, { temperature: 0.3, maxTokens: 77 })).comparator.compare('X may reduce Y.', 'X reduces Y.');
    expect(llm.requests).toHaveLength(2);
    for (const r of llm.requests) expect(r.params).toMatchObject({ temperature: 0.3, maxTokens: 77 });
    const plain = hedgeJudge();
    await resolveComparator(ctx({ llm: plain })).comparator.compare('X may reduce Y.', 'X reduces Y.');
    for (const r of plain.requests) {
      expect(r.params?.temperature).toBe(0);
      expect(r.params?.maxTokens).toBeUndefined();
    }
    const mod = alwaysSame('mod');
    const withMod = resolveComparator(ctx({ llm: alwaysA() }), mod).comparator;
    expect(withMod.id).toBe('certainty-llm:judge+moderator:mod');
    expect(resolveComparator(ctx({ llm: alwaysA() })).comparator.id).toBe('certainty-llm:judge');
    // re-ask: an unreadable first answer is asked once more only with judges.reask
    let n = 0;
    const flaky = fakeModel('flaky', () => (n++ % 2 === 0 ? 'I cannot say.' : tag('r', 'No clear difference')));
    const asked = await resolveComparator(ctx({ llm: flaky, reask: true })).comparator.compare('a b', 'a c');
    expect(flaky.requests).toHaveLength(4);
    expect(asked.label).toBe(0);
    const once = fakeModel('once', () => 'I cannot say.');
    const notAsked = await resolveComparator(ctx({ llm: once })).comparator.compare('a b', 'a c');
    expect(once.requests).toHaveLength(2);
    expect(notAsked.label).toBe('invalid');
  });

  it('the document level aligns the claims with the judge model first, at its token limit', async () => {
    // kills: level === 'document' made false/true, the document comparator's maxTokens option dropped or always passed
    const llm = fakeModel('doc', (req) => {
      if (req.task?.kind === 'certainty-claim-align') return '<source_claim>X may reduce Y.</source_claim>\n<output_claim>X reduces Y.</output_claim>';
      const { a, b } = pairOf(req);
      return tag('r', /\bmay\b/.test(a) === /\bmay\b/.test(b) ? 'No clear difference' : /\bmay\b/.test(a) ? 'Clearly B' : 'Clearly A');
    });
    const r = resolveComparator(ctx({ llm }, { level: 'document', maxTokens: 55 }));
    expect(r.kind).toBe('llm');
    expect(r.comparator.id).toBe('certainty-document:doc/certainty-llm:doc');
    const j = await r.comparator.compare('Background. X may reduce Y. More.', 'Intro. X reduces Y.');
    expect(j.label).toBe(2);
    expect(j.alignment).toEqual({ sourceClaim: 'X may reduce Y.', outputClaim: 'X reduces Y.' });
    expect(llm.requests[0]!.task?.kind).toBe('certainty-claim-align');
    expect(llm.requests[0]!.params?.maxTokens).toBe(55);
    const noLimit = fakeModel('doc', () => '<source_claim>a</source_claim>\n<output_claim>none</output_claim>');
    const d = await resolveComparator(ctx({ llm: noLimit }, { level: 'document' })).comparator.compare('a', 'b');
    expect(d.label).toBe('dropped');
    expect(noLimit.requests[0]!.params?.maxTokens).toBeUndefined();
    // the sentence level never aligns
    expect(resolveComparator(ctx({ llm }, { level: 'sentence' })).comparator.id).toBe('certainty-llm:doc');
  });
});

describe('measureCertainty: the stored measurement', () => {
  it('stores the label, the comparator kind, the judge label and both calls with their reasoning', async () => {
    // kills: the stored call's object emptied, keep made false, `if (keep)` made true/false, and
    // `if (c.reasked)` made true (a reasked key left undefined: toStrictEqual tells it from no key)
    const m = await measureCertainty(rec(), ctx({ llm: hedgeJudge() }));
    expect(m).toStrictEqual({
      label: 2,
      comparator: 'llm',
      judgeLabel: 2,
      calls: [
        { presentation: 'original-first', score: 2, canonical: 2, reasoning: 'differ:X may reduce Y.' },
        { presentation: 'modified-first', score: -2, canonical: 2, reasoning: 'differ:X reduces Y.' },
      ],
      wed: 2, // x may reduce y → x reduces y: delete "may", substitute "reduce" (hand count)
    });
    const lean = await measureCertainty(rec(), ctx({ llm: hedgeJudge() }, { keepReasoning: false }));
    expect(lean.calls).toStrictEqual([
      { presentation: 'original-first', score: 2, canonical: 2 },
      { presentation: 'modified-first', score: -2, canonical: 2 },
    ]);
  });

  it('an unreadable reply is stored with its reason and the reply as written; a re-asked one with the first reply', async () => {
    // kills: the unreadable guard made true/false, the raw guard, the reasked guard
    const m = await measureCertainty(rec(), ctx({ llm: fakeModel('j', () => 'I cannot tell.') }, { keepReasoning: false }));
    expect(m.label).toBe('invalid');
    expect(m.calls).toHaveLength(2);
    for (const c of m.calls) {
      expect(c.score).toBeNull();
      expect(c.raw).toBe('I cannot tell.');
      expect(c.unreadable).toMatch(/./);
      expect(c.reasked).toBeUndefined();
    }
    let n = 0;
    const again = await measureCertainty(rec(), ctx({ llm: fakeModel('j', () => (n++ % 2 === 0 ? 'Hmm.' : tag('r', 'No clear difference'))), reask: true }, { keepReasoning: false }));
    for (const c of again.calls) {
      expect(c).toEqual({ presentation: c.presentation, score: 0, canonical: 0, reasked: { raw: 'Hmm.', unreadable: expect.stringMatching(/./) as unknown } });
    }
  });

  it('the offline comparator stores no raw reply for a readable call', async () => {
    // kills: `if (c.raw !== undefined)` made true (an undefined raw key would be stored)
    const m = await measureCertainty(rec(), ctx({}));
    expect(m.comparator).toBe('offline');
    for (const c of m.calls) expect('raw' in c).toBe(false);
  });

  it('the source certainty, the source ranking and the embedding cosine are stored when present and absent otherwise', async () => {
    // kills: the sourceCertainty, sourceRanking and embedder guards made true/false
    const ranking = { id: 's', rank: 1, lambda: 0.5, stratum: 'high' as const, items: 4, components: 1, converged: true, judge: 'j', judgements: 6, invalid: 0 };
    const embedder: Embedder = { id: 'e', version: '1', mode: 'independent', embed: async (texts) => texts.map((t) => (t.includes('may') ? [3, 4] : [4, 3])) };
    const m = await measureCertainty(rec({ sourceCertainty: 'low', sourceRanking: ranking }), ctx({ embedder }));
    expect(m.sourceCertainty).toBe('low');
    expect(m.sourceRanking).toEqual(ranking);
    expect(m.cosine).toBeCloseTo(24 / 25, 12); // (3·4 + 4·3) / (5 · 5)
    const bare = await measureCertainty(rec(), ctx({}));
    expect('sourceCertainty' in bare || 'sourceRanking' in bare || 'cosine' in bare || 'turns' in bare || 'alignment' in bare || 'moderator' in bare || 'wedSkipped' in bare).toBe(false);
    expect((await measureCertainty(rec({ sourceCertainty: 0.25 }), ctx({}))).sourceCertainty).toBe(0.25);
  });

  it('a moderator from judges.moderator, or the one passed in when none is configured, reviews an inconsistent item', async () => {
    // kills: `ctx.judges.moderator ?? moderator` made `&&`; the moderator's stored label and calls
    const viaJudges = await measureCertainty(rec(), ctx({ llm: alwaysA(), moderator: alwaysSame('m1') }), alwaysA('m2'));
    expect(viaJudges.judgeLabel).toBe('inconsistent');
    expect(viaJudges.label).toBe(0);
    expect(viaJudges.moderator).toEqual({
      label: 0,
      calls: [
        { presentation: 'original-first', score: 0, canonical: 0, reasoning: 'moderated' },
        { presentation: 'modified-first', score: 0, canonical: 0, reasoning: 'moderated' },
      ],
    });
    const passed = await measureCertainty(rec(), ctx({ llm: alwaysA() }), alwaysSame('m3'));
    expect(passed.label).toBe(0);
    expect(passed.moderator?.label).toBe(0);
    const lean = await measureCertainty(rec(), ctx({ llm: alwaysA() }, { keepReasoning: false }), alwaysSame('m4'));
    expect(lean.moderator?.calls.every((c) => !('reasoning' in c))).toBe(true);
    const none = await measureCertainty(rec(), ctx({ llm: alwaysA() }));
    expect(none.label).toBe('inconsistent');
    expect(none.moderator).toBeUndefined();
  });

  it('the document level stores the aligned claims', async () => {
    // kills: `if (j.alignment)` made false
    const llm = fakeModel('doc', () => '<source_claim>a</source_claim>\n<output_claim>none</output_claim>');
    const m = await measureCertainty(rec(), ctx({ llm }, { level: 'document' }));
    expect(m.label).toBe('dropped');
    expect(m.alignment).toEqual({ sourceClaim: 'a', outputClaim: null });
  });

  it('the broken telephone judges every turn but the last against the original; the last turn is the rewrite', async () => {
    // kills: turns.length > 1 made >= 1 / true / false, `&&` made `||`, slice(0, -1) made slice(0, +1) or dropped,
    // turn t + 1 made t − 1, the last turn's number turns.length + 1 made − 1, `if (turns.length > 0)` made true/false
    const seen: string[] = [];
    const llm = fakeModel('tel', (req) => {
      const { a, b } = pairOf(req);
      seen.push(`${a} | ${b}`);
      const hedges = (t: string): number => (t.match(/\b(may|possibly)\b/g) ?? []).length;
      const d = hedges(a) - hedges(b); // > 0: B more certain
      return tag('r', d === 0 ? 'No clear difference' : d === 1 ? 'Slightly B' : d >= 2 ? 'Clearly B' : d === -1 ? 'Slightly A' : 'Clearly A');
    });
    const original = 'X possibly may reduce Y.';
    const turns = ['X may reduce Y.', 'X reduces Y.', 'X possibly may reduce Y, may.'];
    const m = await measureCertainty({ id: 't', original, rewrite: turns[2]!, turns }, ctx({ llm }));
    // hedges: original 2, turns 1, 0, 3 → canonical labels (modified more certain > 0): +1, +2, −1
    expect(m.turns).toEqual([
      { turn: 1, label: 1 },
      { turn: 2, label: 2 },
      { turn: 3, label: -1 },
    ]);
    expect(m.label).toBe(-1);
    expect(seen).toHaveLength(6);
    expect(seen.every((s) => s.includes(original))).toBe(true);
    // one turn only: no telephone, the rewrite judged once (two orders)
    llm.requests.length = 0;
    const single = await measureCertainty({ id: 't', original, rewrite: turns[0]!, turns: [turns[0]!] }, ctx({ llm }));
    expect(single.turns).toBeUndefined();
    expect(llm.requests).toHaveLength(2);
    expect(single.label).toBe(1);
  });

  it('the word edit distance is stored, or why it was not computed, with the configured cap', async () => {
    // kills: `'wed' in wed` made true/false, the cap option not passed
    const m = await measureCertainty(rec({ original: 'a b c', rewrite: 'a c' }), ctx({}, { maxWedPairs: 6 }));
    expect(m.wed).toBe(1);
    const over = await measureCertainty(rec({ original: 'a b c', rewrite: 'a c' }), ctx({}, { maxWedPairs: 5 }));
    expect(over.wed).toBeUndefined();
    expect(over.wedSkipped).toBe('not computed: 3 × 2 words is over the cap of 5 word pairs (certainty option maxWedPairs)');
  });

  it('the run signal reaches the judge and stops the word edit distance of a pair long enough together', async () => {
    // kills: `ctx.signal ? { signal } : {}` made {} (the judge gets no signal) and the size
    // original.length + rewrite.length made −: each text is under the stoppable size, the two together are over it,
    // so an aborted signal stops before the distance; with the difference (0) the distance would run
    const llm = hedgeJudge();
    const ac = new AbortController();
    await measureCertainty(rec(), ctx({ llm }, {}, ac.signal));
    expect(llm.requests.every((r) => r.signal === ac.signal)).toBe(true);
    const half = Math.ceil(STOPPABLE_MIN_CHARS / 2 / 4) * 4;
    const original = 'may '.repeat(half / 4);
    const rewrite = 'was '.repeat(half / 4);
    expect(original.length).toBeLessThan(STOPPABLE_MIN_CHARS);
    expect(original.length + rewrite.length).toBeGreaterThanOrEqual(STOPPABLE_MIN_CHARS);
    const aborted = new AbortController();
    aborted.abort(new Error('stopped by the test'));
    await expect(measureCertainty({ id: 'long', original, rewrite }, ctx({}, { maxWedPairs: 1 }, aborted.signal))).rejects.toThrow('stopped by the test');
  });
});
