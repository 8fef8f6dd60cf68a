/**
 * Fault injection for the crash tests and `npm run bench:crash`: when the environment variable
 * SLANT_CRASH_AT names this point, the process kills itself with SIGKILL right here (as a power
 * cut or `kill -9` would), so tests can check that nothing stored is lost and nothing half-written
 * is left. A no-op otherwise.
 */
export function crashPoint(name: string): void {
  if (process.env.SLANT_CRASH_AT === name) process.kill(process.pid, 'SIGKILL');
}
