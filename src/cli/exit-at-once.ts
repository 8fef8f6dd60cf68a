/**
 * A finished run (`slant run`, `measure`, `demo`) has closed its store and stopped its report
 * thread before its command returns: what is left after that is Node's own teardown, the event
 * loop waiting on the stopped thread's exit and the heaps freed one by one, 10–25 ms of a
 * 500-document run's end of 250–350 ms (bench:measure --cli) that nothing needs. After such a
 * command the CLI exits at once, unless its output is still being written (a pipe's pending
 * writes would be lost: then it ends as before, when they are written).
 */
let finished = false;

/** The run's store is closed and its thread stopped: nothing it started is still under way. */
export function runFinished(): void {
  finished = true;
}

/** Exit now with `code` after a finished run whose output is written; false (nothing done) otherwise. */
export function exitAtOnce(code: number, streams: readonly { writableLength: number }[] = [process.stdout, process.stderr], exit: (code: number) => void = process.exit): boolean {
  if (!finished || streams.some((s) => s.writableLength > 0)) return false;
  exit(code);
  return true;
}
