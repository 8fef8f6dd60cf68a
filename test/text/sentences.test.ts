import { describe, it, expect } from 'vitest';
import { sentenceBounds, splitSentences, splitSentencesWithOffsets } from '../../src/text/sentences.js';

const CASES: [string, string[]][] = [
  // abbreviations
  ['Mr. Smith met Dr. Jones. They talked.', ['Mr. Smith met Dr. Jones.', 'They talked.']],
  ['Apple Inc. is big. It sells phones.', ['Apple Inc. is big.', 'It sells phones.']],
  ['I bought pears, apples, etc. Then I left.', ['I bought pears, apples, etc.', 'Then I left.']],
  ['It is good vs. bad in this case.', ['It is good vs. bad in this case.']],
  ['It costs approx. 5 dollars. That is cheap.', ['It costs approx. 5 dollars.', 'That is cheap.']],
  ['No. 5 is my favourite. I said no. Then I left.', ['No. 5 is my favourite.', 'I said no.', 'Then I left.']],
  ['See Fig. 4 for details. It shows the trend.', ['See Fig. 4 for details.', 'It shows the trend.']],
  ['Smith et al. found it. It replicated.', ['Smith et al. found it.', 'It replicated.']],
  ['Prof. Xavier and Sen. Warren spoke on Jan. 5 in St. Louis.', ['Prof. Xavier and Sen. Warren spoke on Jan. 5 in St. Louis.']],
  // initials
  ['J. R. R. Tolkien wrote books. He died in 1973.', ['J. R. R. Tolkien wrote books.', 'He died in 1973.']],
  ['George W. Bush was president. He lived in Texas.', ['George W. Bush was president.', 'He lived in Texas.']],
  // decimals and versions
  ['I give it 3.5 stars. Version v2.0.1 fixed it.', ['I give it 3.5 stars.', 'Version v2.0.1 fixed it.']],
  ['It weighs 1.25 kg. Nice.', ['It weighs 1.25 kg.', 'Nice.']],
  // U.S. / U.K.
  ['He moved to the U.S. Then he left.', ['He moved to the U.S.', 'Then he left.']],
  ['The U.S. Army and the U.K. government agreed.', ['The U.S. Army and the U.K. government agreed.']],
  ['She lives in the U.K.', ['She lives in the U.K.']],
  ['We met at 5 p.m. on Friday. It rained.', ['We met at 5 p.m. on Friday.', 'It rained.']],
  // e.g. / i.e.
  ['Use fruit, e.g. Apples or pears. Or nuts, i.e. Almonds.', ['Use fruit, e.g. Apples or pears.', 'Or nuts, i.e. Almonds.']],
  // ellipses
  ['Wait... what? Yes!', ['Wait... what?', 'Yes!']],
  ['I thought about it… Then I bought it.', ['I thought about it…', 'Then I bought it.']],
  // quotes
  ['"Great!" she said.', ['"Great!" she said.']],
  ['He said "stop." Then left.', ['He said "stop."', 'Then left.']],
  ['“Is it working?” he asked. “Yes,” she said.', ['“Is it working?” he asked.', '“Yes,” she said.']],
  // ?!
  ['Really?! I cannot believe it. Wow!!', ['Really?!', 'I cannot believe it.', 'Wow!!']],
  ['I love it! works great. the battery lasts.', ['I love it!', 'works great.', 'the battery lasts.']],
  // lists
  ['- first item\n- second item', ['- first item', '- second item']],
  ['* alpha\n* beta.', ['* alpha', '* beta.']],
  ['• fast\n• cheap', ['• fast', '• cheap']],
  ['Pros: • fast • cheap', ['Pros:', '• fast', '• cheap']],
  ['1. Mix the flour\n2. Bake it\n3) Eat it', ['1. Mix the flour', '2. Bake it', '3) Eat it']],
  // paragraphs and newlines
  ['Title without period\n\nFirst paragraph here. Second sentence.\nNext line', [
    'Title without period', 'First paragraph here.', 'Second sentence.', 'Next line',
  ]],
  ['Windows line\r\nends here.', ['Windows line', 'ends here.']],
  // URLs and emails
  ['Visit https://example.com/a.b?x=1. Then email a.b@c.com now.', ['Visit https://example.com/a.b?x=1.', 'Then email a.b@c.com now.']],
  ['Go to www.example.co.uk for more. Thanks.', ['Go to www.example.co.uk for more.', 'Thanks.']],
  // transcripts
  ['HOST: Welcome back. GUEST: Thanks. Glad to be here.', ['HOST: Welcome back.', 'GUEST: Thanks.', 'Glad to be here.']],
  ['HOST: Welcome back GUEST: Thanks for having me', ['HOST: Welcome back', 'GUEST: Thanks for having me']],
  ['STEVE INSKEEP: Good morning. RACHEL MARTIN, BYLINE: Hi.', ['STEVE INSKEEP: Good morning.', 'RACHEL MARTIN, BYLINE: Hi.']],
  // brackets
  ['It failed (see above.) Then it worked.', ['It failed (see above.)', 'Then it worked.']],
];

describe('splitSentences', () => {
  it.each(CASES)('%j', (text, expected) => {
    expect(splitSentences(text)).toEqual(expected);
  });

  it('has at least 25 hard cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(25);
  });

  it('returns nothing for empty or whitespace-only text', () => {
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences('  \n\t \n')).toEqual([]);
  });

  it('keeps text without final punctuation as one sentence', () => {
    expect(splitSentences('  no punctuation at all  ')).toEqual(['no punctuation at all']);
  });
});

describe('splitSentencesWithOffsets', () => {
  it('offsets slice the original text', () => {
    const text = '  Mr. Smith arrived.  He sat down!\n\n- a list item\nHOST: Hi. GUEST: Hello.';
    const spans = splitSentencesWithOffsets(text);
    expect(spans.map((s) => s.text)).toEqual([
      'Mr. Smith arrived.', 'He sat down!', '- a list item', 'HOST: Hi.', 'GUEST: Hello.',
    ]);
    for (const s of spans) expect(text.slice(s.start, s.end)).toBe(s.text);
    expect(spans[0]).toEqual({ text: 'Mr. Smith arrived.', start: 2, end: 20 });
  });

  it('spans are in order and do not overlap', () => {
    const text = 'One. Two? Three! Four… Five.\nSix';
    const spans = splitSentencesWithOffsets(text);
    expect(spans).toHaveLength(6);
    for (let i = 1; i < spans.length; i++) {
      expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
    }
  });
});

describe('sentenceBounds', () => {
  it('gives the offsets of splitSentencesWithOffsets', () => {
    const texts = [...CASES.map(([t]) => t), '  Mr. Smith arrived.  He sat down!\n\n- a list item\nHOST: Hi. GUEST: Hello.', '', ' \n ', '\ufeffOne. Two'];
    for (const text of texts) expect(sentenceBounds(text), text).toEqual(splitSentencesWithOffsets(text).map(({ start, end }) => ({ start, end })));
  });
});
