import type { Command } from 'commander';
import type { GlobalOptions } from './global-options.js';

/** Read --json / --quiet / --verbose from the root program, wherever the subcommand sits. */
export function globalOptions(cmd: Command): GlobalOptions {
  let root: Command = cmd;
  while (root.parent) root = root.parent;
  const o = root.opts<{ json?: boolean; quiet?: boolean; verbose?: boolean }>();
  return { json: o.json === true, quiet: o.quiet === true, verbose: o.verbose === true };
}
