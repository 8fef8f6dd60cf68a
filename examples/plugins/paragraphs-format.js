/**
 * A dataset format: plain-text files (.txt) of documents separated by blank lines, each paragraph a
 * record with `source` (its id: `p<n>`, the paragraph's position). slant recognises such a dataset
 * from its extension and reads it with this reader; no probe needs to know the format.
 */
import { readFileSync } from 'node:fs';
import { definePlugin } from 'slant';

export default definePlugin({
  formats: [
    {
      name: 'paragraphs',
      fields: ['source'],
      describe: () => 'plain text, one document per paragraph',
      matches: async (entry, file) => entry.format === undefined && file.endsWith('.txt'),
      read(entry, file) {
        let read = 0;
        return {
          name: entry.name,
          file,
          async *records() {
            const lines = readFileSync(file, 'utf8').split(/\r?\n/);
            let start = 0;
            const paragraphs = [];
            lines.forEach((line, i) => {
              if (line.trim() === '') start = i + 1;
              else if (i === start) paragraphs.push({ line: i + 1, text: line });
              else paragraphs[paragraphs.length - 1].text += ` ${line.trim()}`;
            });
            for (const p of entry.limit ? paragraphs.slice(0, entry.limit) : paragraphs) {
              read++;
              yield { id: `p${read}`, fields: { source: p.text.trim() }, location: { file, line: p.line } };
            }
          },
          stats: () => ({ read, skipped: 0, problems: [] }),
        };
      },
    },
  ],
});
