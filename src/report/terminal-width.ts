/**
 * The width terminal output is fitted to (a file of its own: the CLI reads it to have the terminal
 * summary drawn in the report thread, without loading the tables).
 */

/** The width a report fits when stdout is not a terminal (a pipe, a file, CI) and COLUMNS does not say. */
export const FALLBACK_WIDTH = 100;
/** Narrower than this nothing is laid out sensibly: a narrower terminal gets lines this long. */
const MIN_WIDTH = 40;

/**
 * The width terminal output is fitted to: the terminal's columns when stdout is one, else the
 * COLUMNS environment variable when it holds a number, else FALLBACK_WIDTH.
 */
export function terminalWidth(stream: { isTTY?: boolean; columns?: number } = process.stdout, env: NodeJS.ProcessEnv = process.env): number {
  const cols = stream.isTTY === true && stream.columns !== undefined && stream.columns > 0 ? stream.columns : /^\d+$/.test(env.COLUMNS ?? '') ? Number(env.COLUMNS) : FALLBACK_WIDTH;
  return Math.max(MIN_WIDTH, cols);
}
