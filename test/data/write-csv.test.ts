import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvField, neutraliseFormula, readAllRecords, writeCsv } from '../../src/data/index.js';
import { useTempDir } from './temp-dir.js';

const tmp = useTempDir();

describe('csvField', () => {
  it('quotes only when needed and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField('a\tb', '\t')).toBe('"a\tb"');
    expect(csvField('a\tb')).toBe('a\tb');
  });
});

describe('writeCsv', () => {
  it('writes header and rows with exact quoting, creating parent directories', async () => {
    const path = join(tmp.dir, 'deep', 'er', 'out.csv');
    const n = await writeCsv(
      path,
      [
        { id: 1, text: 'a, "b"', extra: 'ignored' },
        { id: 2, text: null, meta: { k: [1] } },
      ],
      ['id', 'text', 'meta'],
    );
    expect(n).toBe(2);
    expect(readFileSync(path, 'utf8')).toBe('id,text,meta\n1,"a, ""b""",\n2,,"{""k"":[1]}"\n');
  });

  it('accepts an async iterable and round-trips through the CSV reader', async () => {
    const path = join(tmp.dir, 'async.csv');
    async function* rows(): AsyncGenerator<Record<string, unknown>> {
      yield { id: 'x', source: 'line one\nline two' };
      yield { id: 'y', source: '"quoted" start' };
    }
    await writeCsv(path, rows(), ['id', 'source']);
    const { records } = await readAllRecords(path, { required: ['source'] });
    expect(records.map((r) => [r.id, r.fields.source])).toEqual([
      ['x', 'line one\nline two'],
      ['y', '"quoted" start'],
    ]);
  });
});

describe('CSV injection', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', "'\rCR"],
    ['-', "'-"],
    ['-0.25', '-0.25'],
    ['+3', '+3'],
    ['-1e-5', '-1e-5'],
    ['plain = text', 'plain = text'],
  ])('%j', (text, expected) => {
    expect(neutraliseFormula(text)).toBe(expected);
  });

  it('writes formula-like text cells and headers neutralised, numbers as numbers, and reads them back as written', async () => {
    const path = join(tmp.dir, 'inject.csv');
    await writeCsv(
      path,
      [
        { text: '=HYPERLINK("http://evil","click")', n: -0.25, s: '-2+3' },
        { text: '@SUM(1,2)', n: -3, s: '-7' },
      ],
      ['text', 'n', 's', '=cmd'],
    );
    expect(readFileSync(path, 'utf8')).toBe(`text,n,s,'=cmd\n"'=HYPERLINK(""http://evil"",""click"")",-0.25,'-2+3,\n"'@SUM(1,2)",-3,-7,\n`);
  });
});
