import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { readAllRecords } from '../../src/data/index.js';
import { bytes, rejection, useTempDir } from './temp-dir.js';

const tmp = useTempDir();
const TEXT = { required: ['source'] };

describe('CSV/TSV reader', () => {
  it('strips a BOM so the first column name is intact', async () => {
    const f = tmp.file('bom.csv', bytes([0xef, 0xbb, 0xbf], 'id,source\n1,hello\n'));
    const { records } = await readAllRecords(f, TEXT);
    expect(records).toEqual([{ id: '1', fields: { source: 'hello' }, location: { file: f, line: 2 } }]);
  });

  it('reads CRLF line ends (a CRLF inside a quoted field becomes \\n)', async () => {
    const f = tmp.file('crlf.csv', 'id,source\r\n1,plain\r\n2,"two\r\nlines"\r\n3,last\r\n');
    const { records } = await readAllRecords(f, TEXT);
    expect(records.map((r) => [r.id, r.fields.source, r.location.line])).toEqual([
      ['1', 'plain', 2],
      ['2', 'two\nlines', 3],
      ['3', 'last', 5],
    ]);
  });

  it('reports invalid UTF-8 with the line it is on', async () => {
    // 0xFF never occurs in UTF-8; the bad byte sits on line 4, inside the record starting on line 3
    const f = tmp.file('bad-utf8.csv', bytes('id,source\n1,fine\n2,"multi\nline ', [0xff], '"\n3,ok\n'));
    const err = await rejection(readAllRecords(f, TEXT));
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).location).toEqual({ file: f, line: 3 });
    expect(err.message).toContain('invalid UTF-8 on line 4');
  });

  it('names the available columns when a required column is missing, before reading rows', async () => {
    // row 2 is malformed too: the header error must come first
    const f = tmp.file('missing.csv', 'id,text,rating\n1,"unclosed\n');
    const err = await rejection(readAllRecords(f, { fields: { source: 'reviewText' }, required: ['source'] }));
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toBe(
      `${f}, line 1: missing column "reviewText" (for field "source"); the header has: "id", "text", "rating"`,
    );
  });

  it('matches a column literally named with a dot (datafiniti "reviews.text")', async () => {
    const f = tmp.file('dotted.csv', 'id,reviews.text,reviews.rating\nA1,great,5\n');
    const { records } = await readAllRecords(f, {
      fields: { source: 'reviews.text', rating: 'reviews.rating' },
      required: ['source'],
      optional: ['rating'],
    });
    expect(records[0]?.fields).toEqual({ source: 'great', rating: '5' });
  });

  it('reports a record with the wrong number of fields', async () => {
    const f = tmp.file('width.csv', 'id,source\n1,a\n2,b,extra\n');
    const err = await rejection(readAllRecords(f, TEXT));
    expect(err.message).toContain('the record starting on line 3 has 3 fields; the header has 2');
  });

  it('calls a quoted field left open at the end of the file incomplete', async () => {
    const f = tmp.file('open-quote.csv', 'id,source\n1,a\n2,"never closed\nstill going');
    const err = await rejection(readAllRecords(f, TEXT));
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toContain('line 3 is incomplete (file ends mid-record)');
  });

  it('names the line where the unclosed quote opened, not where its record starts', async () => {
    const f = tmp.file('open-quote-later.csv', 'id,source,note\n1,a,b\n2,"two\nlines","opened here\nstill going');
    const err = await rejection(readAllRecords(f, TEXT));
    expect(err.message).toContain(`${f}, line 4: line 4 is incomplete (file ends mid-record): a quoted field opened there is never closed`);
  });

  describe('a quote left open and "closed" lines later by a quote inside a field', () => {
    // the quote on line 2 is never closed; the parser took lines 2–4 as one record (b vanished, a got its text)
    const SWALLOWED = 'id,source,output\na,"The economy grew.,out a\nb,Rain fell.,out b\nc,"Sun shone." he said,out c\nd,Snow.,out d\n';

    it('is an error at the line where the quote opened (not a record merged from three rows)', async () => {
      const f = tmp.file('swallowed.csv', SWALLOWED);
      const err = await rejection(readAllRecords(f, TEXT));
      expect(err).toBeInstanceOf(InputError);
      expect(err.message).toBe(
        `${f}, line 2: the quoted field opened on line 2 is never closed properly: the next quote (line 4) is followed by "S", not a delimiter or the end of the line, so lines 2–4 (and the rows on them) would be read as one record`,
      );
    });

    it('with --skip-invalid: counted as one skipped record; the rows after it are read', async () => {
      const f = tmp.file('swallowed-skip.csv', SWALLOWED);
      const { records, stats } = await readAllRecords(f, { ...TEXT, skipInvalid: true });
      expect(records.map((r) => [r.id, r.fields.source])).toEqual([['d', 'Snow.']]);
      expect(stats.skipped).toBe(1);
      expect(stats.problems[0]?.location).toEqual({ file: f, line: 2 });
    });

    it('TSV too', async () => {
      const f = tmp.file('swallowed.tsv', 'id\tsource\na\t"open\nb\t"closed" late\n');
      const err = await rejection(readAllRecords(f, TEXT));
      expect(err.message).toContain('line 2: the quoted field opened on line 2 is never closed properly: the next quote (line 3) is followed by "c"');
    });

    it('a well-formed multi-line field and quotes inside unquoted fields are read as before', async () => {
      const f = tmp.file('fine.csv', 'id,source\n1,"two\nlines, ""quoted"""\n2,says "hi" twice\n3,"a","b"\n');
      const { records, stats } = await readAllRecords(f, { ...TEXT, skipInvalid: true });
      expect(records.map((r) => r.fields.source)).toEqual(['two\nlines, "quoted"', 'says "hi" twice']);
      expect(stats.problems.map((p) => p.message)).toEqual(['the record starting on line 5 has 3 fields; the header has 2']);
    });
  });

  it('reads quoted TSV (as pandas writes it) and keeps stray quotes in unquoted fields', async () => {
    const f = tmp.file('q.tsv', 'rating\tverified_reviews\n5\t"tab\tinside, ""quoted"""\n4\tsays "hi" twice\n');
    const { records } = await readAllRecords(f, { fields: { source: 'verified_reviews' }, required: ['source'], optional: ['rating'] });
    expect(records.map((r) => r.fields)).toEqual([
      { source: 'tab\tinside, "quoted"', rating: '5' },
      { source: 'says "hi" twice', rating: '4' },
    ]);
  });

  it('treats an empty optional cell as absent and skips fully empty lines', async () => {
    const f = tmp.file('empty-cells.csv', 'id,source,reference\n1,a,\n\n2,b,ref\n');
    const { records, stats } = await readAllRecords(f, { required: ['source'], optional: ['reference'] });
    expect(records.map((r) => r.fields)).toEqual([{ source: 'a' }, { source: 'b', reference: 'ref' }]);
    expect(records.map((r) => r.location.line)).toEqual([2, 4]);
    expect(stats.read).toBe(2);
  });

  it('rejects an empty file with a message asking for a header', async () => {
    const f = tmp.file('empty.csv', '');
    const err = await rejection(readAllRecords(f, TEXT));
    expect(err.message).toContain('expected a header row');
  });

  it('rejects a header with a duplicated column that is used', async () => {
    const f = tmp.file('dup-col.csv', 'source,source\na,b\n');
    const err = await rejection(readAllRecords(f, TEXT));
    expect(err.message).toContain('column "source" appears more than once');
  });
});
