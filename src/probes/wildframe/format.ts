import { redact } from '../../core/redact.js';
import { extname } from 'node:path';
import type { ReadStats } from '../../data/types.js';
import type { DatasetFormat } from '../dataset-format.js';

/**
 * WildFrame input: the release's prediction CSVs or canonical records, joined to the annotators'
 * framed_eval.csv when `humans` is given. Rows that do not join are counted (never dropped silently).
 */
export const wildframeFormat: DatasetFormat = {
  name: 'wildframe',
  fields: ['base', 'baseSentiment', 'framed', 'humanScore'],
  describe: (entry) => (entry.humans !== undefined ? 'WildFrame input joined to its humans file' : 'WildFrame release CSV'),
  // only a CSV can be the WildFrame release: its module (and the CSV reader) load for one; a file of
  // another extension is another format's (a plugin's reads it), not an error here
  matches: async (entry, file) => entry.humans !== undefined || (extname(file).toLowerCase() === '.csv' && (await (await import('./release.js')).isWildframeReleaseCsv(file))),
  onlyFor: { probe: 'wildframe', records: 'statements and framings', files: 'release files' },
  read(entry, file, humans, opts) {
    let read = 0;
    let skipped = 0;
    const problems: ReadStats['problems'] = [];
    return {
      name: entry.name,
      file,
      allowEmpty: entry.allowEmpty === true,
      async *records() {
        const { buildWildframeRecords } = await import('./release.js');
        const { records, stats } = await buildWildframeRecords({ input: file, ...(humans ? { humans } : {}) });
        read = stats.read;
        skipped = stats.inputWithoutHumans ?? 0;
        if (skipped > 0) problems.push({ location: { file }, message: `${skipped} row(s) have no human annotation in ${humans} and were left out` });
        for (const [i, r] of (entry.limit ? records.slice(0, entry.limit) : records).entries()) {
          const { id, ...fields } = r;
          // `slant run`: the models under test answer; a release file's recorded predictions are not theirs
          if (opts.askModels) {
            delete fields.prediction;
            delete fields.releaseLabel;
            delete fields.model;
          }
          yield { id: redact(id), fields, location: { file, row: i + 1 } };
        }
      },
      stats: () => ({ read, skipped, problems }),
    };
  },
};
