import { describe, expect, it } from 'vitest';
import { detokenize, verbatimCheck } from '../../../../src/probes/wildframe/builder/verbatim.js';

describe('verbatimCheck', () => {
  const original = 'I failed my math test today.';

  it('accepts a suffix or a prefix that leaves the original intact', () => {
    expect(verbatimCheck(original, 'I failed my math test today, however I see it as an opportunity to learn.').ok).toBe(true);
    // prefix: the first letter's case may change, the final period may go
    expect(verbatimCheck('The battery dies fast.', 'Although it looks sleek, the battery dies fast and annoys me.').ok).toBe(true);
  });

  it('rejects a changed original and counts why', () => {
    expect(verbatimCheck(original, 'I totally failed my math test today, sadly.')).toMatchObject({ ok: false, reason: 'not-verbatim' });
    expect(verbatimCheck(original, 'I failed my maths test today, but I learned.')).toMatchObject({ ok: false, reason: 'not-verbatim' });
    expect(verbatimCheck(original, '  I failed my math test today.  ')).toMatchObject({ ok: false, reason: 'nothing-added' });
    expect(verbatimCheck(original, '')).toMatchObject({ ok: false, reason: 'empty' });
  });

  it('normalises whitespace and quotes only, in strict mode', () => {
    expect(verbatimCheck('It\u2019s   "fine".', "It's \u201Cfine\u201D. But I hate it.", 'strict').ok).toBe(true);
    expect(verbatimCheck('I ca n\'t blame her .', "I can't blame her, she tried hard.", 'strict').ok).toBe(false);
  });

  it('detokenises Penn-Treebank text by default', () => {
    expect(detokenize("I ca n't blame her , it 's ( really ) great !")).toBe("I can't blame her, it's (really) great!");
    expect(verbatimCheck('I ca n\'t blame her .', "I can't blame her, she tried hard.").ok).toBe(true);
    expect(verbatimCheck('Over time , the solar batteries lose their juice .', 'Over time, the solar batteries lose their juice, signaling decline.').ok).toBe(true);
  });
});
