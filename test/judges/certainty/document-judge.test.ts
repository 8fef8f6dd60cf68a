import { describe, expect, it } from 'vitest';
import { parseClaimAlignment, CLAIM_ALIGN_PROMPT_ID } from '../../../src/judges/certainty/claim-align-prompt.js';
import { DocumentCertaintyComparator } from '../../../src/judges/certainty/document-judge.js';
import { LlmCertaintyJudge } from '../../../src/judges/certainty/llm-judge.js';
import { fakeModel, pairOf, tag } from './fake-model.js';

const SOURCE = 'We enrolled 200 adults. Coffee may be associated with a lower risk of stroke. Further work is needed.';

describe('DocumentCertaintyComparator (slant-claim-align-v1, then Figure 24)', () => {
  it('aligns the main finding, then compares the two claims in both orders', async () => {
    const aligner = fakeModel('aligner', () => '<source_claim>Coffee may be associated with a lower risk of stroke.</source_claim>\n<output_claim>Coffee lowers stroke risk.</output_claim>');
    const judge = fakeModel('judge', (req) => tag('r', pairOf(req).a === 'Coffee lowers stroke risk.' ? 'Clearly A' : 'Clearly B'));
    const c = new DocumentCertaintyComparator(aligner, new LlmCertaintyJudge(judge));
    const j = await c.compare(SOURCE, 'In 200 adults, coffee lowers stroke risk. More work is needed.');
    expect(j.label).toBe(2);
    expect(j.alignment).toEqual({ sourceClaim: 'Coffee may be associated with a lower risk of stroke.', outputClaim: 'Coffee lowers stroke risk.' });
    // the judge saw the aligned claims, not the documents
    expect(pairOf(judge.requests[0]!)).toEqual({ a: 'Coffee may be associated with a lower risk of stroke.', b: 'Coffee lowers stroke risk.' });
    expect(aligner.requests[0]!.params?.temperature).toBe(0);
    expect(c.version).toContain(CLAIM_ALIGN_PROMPT_ID);
  });

  it('reports a dropped finding as dropped (no certainty call) and an unreadable alignment as invalid', async () => {
    const judge = fakeModel('judge', () => tag('r', 'Clearly A'));
    const dropped = new DocumentCertaintyComparator(fakeModel('a', () => '<source_claim>Coffee may help.</source_claim><output_claim>NONE</output_claim>'), new LlmCertaintyJudge(judge));
    expect((await dropped.compare(SOURCE, 'We enrolled adults.')).label).toBe('dropped');
    const bad = new DocumentCertaintyComparator(fakeModel('a', () => 'I am not sure.'), new LlmCertaintyJudge(judge));
    expect((await bad.compare(SOURCE, 'x')).label).toBe('invalid');
    expect(judge.requests).toHaveLength(0);
  });

  it('parses the tags strictly', () => {
    expect(parseClaimAlignment('<source_claim> A </source_claim><output_claim>none.</output_claim>')).toEqual({ source: 'A', output: null });
    expect(parseClaimAlignment('<source_claim>A</source_claim>')).toEqual({ unreadable: 'no <output_claim>' });
    // the answer reader also reads the two quotes from JSON keys of the same names
    expect(parseClaimAlignment('```json\n{"source_claim": "A", "output_claim": "B"}\n```')).toEqual({ source: 'A', output: 'B' });
  });
});
