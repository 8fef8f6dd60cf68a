import { END_PHASES } from '../src/core/phases.js';

/**
 * The end of a run split into its steps, from the `slant-phase` lines of its stderr
 * (SLANT_PHASES=1, src/core/phases.ts): each step's own time in ms, from the step before it (the
 * first from `from`, epoch ms: the last item stored, or the server's last answer), and the
 * process's exit (`exited`) after the last. Used by bench:measure --cli and bench:cli-runner.
 */
export function endSteps(stderr: string, from: number, exited: number): Record<string, number> {
  const at = new Map<string, number>();
  for (const line of stderr.split('\n')) {
    const m = /^slant-phase (\d+(?:\.\d+)?) (.+)$/.exec(line);
    if (m !== null) at.set(m[2] as string, Number(m[1]));
  }
  const out: Record<string, number> = {};
  let before = from;
  for (const step of END_PHASES) {
    const t = at.get(step);
    if (t === undefined) continue;
    out[step] = Math.round(t - before);
    before = t;
  }
  out['exit'] = Math.round(exited - before);
  return out;
}
