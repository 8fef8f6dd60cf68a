/**
 * The report file (src/report/write.ts) written from a report begun earlier (`beginReport`: a
 * run's end begins it as soon as its results are complete, so its figures are drawn while
 * results.json is written) is the file written from scratch, byte for byte.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { beginReport, renderReportFile, writeReportFile } from '../../src/report/write.js';
import { syntheticResults } from '../helpers/synthetic-results.js';

/** vega numbers the gradients and clip paths it draws across a process: each page of this file is drawn afresh */
const numbered = (html: string): string => html.replace(/(gradient_|clip)\d+/g, '$1#');

describe('writeReportFile', () => {
  it('from a begun report: the same file as from scratch, and renderReportFile the same text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-write-'));
    const results = syntheticResults();
    await writeReportFile(join(dir, 'scratch.html'), results);
    const begun = beginReport(syntheticResults());
    await writeReportFile(join(dir, 'begun.html'), results, undefined, { begun });
    const scratch = numbered(readFileSync(join(dir, 'scratch.html'), 'utf8'));
    expect(numbered(readFileSync(join(dir, 'begun.html'), 'utf8'))).toBe(scratch);
    expect(numbered(await renderReportFile(results))).toBe(scratch);
    expect(scratch).toContain('<svg');
    expect(scratch).toContain('gradient_#');
  });

  it("a report begun from another run's results is not used", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-write-'));
    const results = syntheticResults();
    const other = syntheticResults();
    other.run = { ...other.run, id: 'another-run', command: 'another command' };
    await writeReportFile(join(dir, 'report.html'), results, undefined, { begun: beginReport(other) });
    const text = numbered(readFileSync(join(dir, 'report.html'), 'utf8'));
    expect(text).toBe(numbered(await renderReportFile(results)));
    expect(text).not.toContain('another command');
  });
});
