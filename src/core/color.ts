/**
 * Whether slant's own output may be coloured, the way most command-line tools decide it:
 * FORCE_COLOR (set and not "0" or "false") turns colour on even into a pipe, NO_COLOR (set and not
 * empty, no-color.org) turns it off on a terminal; otherwise colour only when writing to a
 * terminal. FORCE_COLOR wins when both are set, as in Node itself.
 */
export function colorEnabled(stream: { isTTY?: boolean } = process.stdout, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !['0', 'false'].includes(force.trim().toLowerCase());
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return stream.isTTY === true;
}
