import { describe, expect, it } from 'vitest';
import { buildWildframeDataset } from '../../../../src/probes/wildframe/builder/build-dataset.js';
import { cleanReframed, reframe } from '../../../../src/probes/wildframe/builder/reframe.js';
import { REFRAME_PROMPTS } from '../../../../src/tasks/wildframe-prompts.js';
import { fakeModel } from '../fake-model.js';

describe('reframe', () => {
  it("uses the paper's one-shot prompts: positive framing for negative statements and vice versa", async () => {
    const model = fakeModel(() => 'ok');
    await reframe(model, 'We did not enjoy the show.', 'negative');
    await reframe(model, 'I love these shoes.', 'positive');
    const [a, b] = model.requests.map((r) => r.messages[0]?.content ?? '');
    expect(a).toBe(REFRAME_PROMPTS.negative.replace('{{statement}}', 'We did not enjoy the show.'));
    expect(a).toContain('Here is a negative statement: We did not enjoy the show. Like the example, add a positive suffix or prefix');
    expect(b).toContain('Here is a positive statement: I love these shoes.. Like the example, add a negative suffix or prefix');
  });

  it('cleans echoed lead-ins, extra lines and wrapping quotes only', () => {
    const o = 'I love these shoes.';
    expect(cleanReframed('Here is the same statement, after adding a negative framing: I love these shoes, but they hurt.', o)).toBe('I love these shoes, but they hurt.');
    expect(cleanReframed('Sure!\n\n"I love these shoes, but they hurt."', o)).toBe('I love these shoes, but they hurt.');
    expect(cleanReframed('I adore these shoes, but they hurt.', o)).toBe('I adore these shoes, but they hurt.');
  });
});

describe('buildWildframeDataset', () => {
  const corpus = [
    { id: 'r1', text: 'We did not enjoy the show. The seats were red.' },
    { id: 'r2', text: 'I love these shoes and wear them every day.' },
    { id: 'r3', text: 'If you love mysteries you will like this book a lot.' },
    { id: 'r4', text: 'The batteries lose their charge within a single day.' },
    { id: 'r5', text: 'I love these shoes and wear them every day.' },
    { id: 'r6', text: 'This kettle creates a horrible noise every morning.' },
  ];
  // the fake model: keeps the original and adds a framing, except that it rewrites r4 and echoes r6
  const model = fakeModel((req) => {
    const content = req.messages[0]?.content ?? '';
    const statement = req.task?.input ?? '';
    if (statement.startsWith('The batteries')) return 'The batteries slowly lose their charge, but they are cheap.';
    if (statement.startsWith('This kettle')) return statement;
    if (statement.startsWith('Boom')) throw new Error('HTTP 500');
    return content.includes('add a positive suffix') ? `${statement.slice(0, -1)}, but the company was great.` : `${statement} Sadly they squeak.`;
  });

  it('extracts, filters, reframes, checks and counts every rejection', async () => {
    const { records, stats } = await buildWildframeDataset([...corpus, 'Boom, the engine failed the test twice today.'], model);
    expect(records.map((r) => [r.base, r.baseSentiment, r.framed])).toEqual([
      ['We did not enjoy the show.', 'negative', 'We did not enjoy the show, but the company was great.'],
      ['I love these shoes and wear them every day.', 'positive', 'I love these shoes and wear them every day. Sadly they squeak.'],
    ]);
    expect(records[0]).toMatchObject({ sourceId: 'r1', pattern: 'sentiment-verb', trigger: 'enjoy', negated: true });
    expect(stats).toMatchObject({
      texts: 7,
      candidates: 7,
      negated: 1,
      accepted: 2,
      rejected: { unclear: 1, duplicate: 1, overQuota: 0, reframeFailed: 1, notVerbatim: 1, nothingAdded: 1, empty: 0 },
      flags: { conditional: 1 },
      errors: ['HTTP 500'],
    });
  });

  it('stops at maxPerPolarity and can keep unclear statements', async () => {
    const { stats } = await buildWildframeDataset(corpus, model, { maxPerPolarity: 0 });
    expect(stats.rejected.overQuota).toBe(4);
    const withUnclear = await buildWildframeDataset(corpus, model, { includeUnclear: true });
    expect(withUnclear.records.map((r) => r.base)).toContain('If you love mysteries you will like this book a lot.');
  });
});
