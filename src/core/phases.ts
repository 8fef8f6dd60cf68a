/**
 * Where a run's time goes: with SLANT_PHASES=1 the run writes a line to stderr as it finishes each
 * step of its end (`slant-phase <epoch ms> <step>`, the time with sub-millisecond digits, so it can
 * be set against the store's timestamps). bench:measure --cli reads them to split the end of a run
 * into its steps; someone asking why a run ends slowly can read them too. Off by default: the
 * variable is looked up once a step, a dozen times a run.
 */
export const PHASES_ENV = 'SLANT_PHASES';

/** The steps of a run's end, in the order a run that writes its report reaches them (docs/cli.md). */
export const END_PHASES = ['measured', 'aggregated', 'results stored', 'results.json written', 'report items read', 'report details made', 'report data made', 'report page made', 'report written', 'store closed', 'report thread let go'] as const;
type EndPhase = (typeof END_PHASES)[number];

/** Note that `step` is done (written only when SLANT_PHASES=1). */
export function phase(step: EndPhase, env: Record<string, string | undefined> = process.env, write: (line: string) => void = (line) => void process.stderr.write(line)): void {
  if (env[PHASES_ENV] !== '1') return;
  write(`slant-phase ${(performance.timeOrigin + performance.now()).toFixed(1)} ${step}\n`);
}
