import { redact } from '../../core/redact.js';
import type { DatasetFormat } from '../dataset-format.js';

/** SummEval JSON: one record per article with `references` and `outputs` per system (position probe). */
export const summevalFormat: DatasetFormat = {
  name: 'summeval',
  fields: ['source', 'references', 'outputs'],
  describe: () => 'SummEval JSON',
  matches: async (entry) => entry.format === 'summeval',
  read(entry, file) {
    let n = 0;
    return {
      name: entry.name,
      file,
      allowEmpty: entry.allowEmpty === true,
      async *records() {
        const { loadSummEval } = await import('./summeval.js');
        const records = await loadSummEval(file);
        for (const [i, r] of (entry.limit ? records.slice(0, entry.limit) : records).entries()) {
          n++;
          const { id, ...fields } = r;
          yield { id: redact(id), fields, location: { file, row: i + 1 } };
        }
      },
      stats: () => ({ read: n, skipped: 0, problems: [] }),
    };
  },
};
