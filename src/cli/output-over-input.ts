import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UserError } from '../core/errors.js';

/** A file the command reads, and what it is to the user ("input", "run store"). */
export interface ReadFile {
  path: string;
  what: string;
}

/**
 * Refuse (exit 2, before any work) an output path that names a file the command reads: the same
 * path, or the same file reached by another path (a hard link, a symbolic link, `./` or `..`
 * spellings), told by device and inode. Writing the results there would destroy the dataset (or
 * the store) they were measured on.
 */
export function refuseOutputOverInput(output: string, inputs: readonly ReadFile[], flag = '-o'): void {
  const out = resolve(output);
  const outStat = statSync(out, { throwIfNoEntry: false });
  for (const input of inputs) {
    const path = resolve(input.path);
    let same = path === out;
    if (!same && outStat !== undefined) {
      const inStat = statSync(path, { throwIfNoEntry: false });
      same = inStat !== undefined && inStat.dev === outStat.dev && inStat.ino === outStat.ino;
    }
    if (same) {
      const how = path === out ? '' : ` (the same file as ${out})`;
      throw new UserError(`${flag} ${output} is the ${input.what} ${input.path}${how}; writing there would overwrite it`, { hint: `give ${flag} another file` });
    }
  }
}
