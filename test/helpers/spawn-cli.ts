/** The CLI in a child process (tsx, the repository's sources), its output collected; for tests that kill or run processes side by side. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'src/cli/bin.ts');

export interface SpawnedCli {
  child: ChildProcess;
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/** Start `slant <args>` with `env`; each child is pushed to `children` (the caller kills what is left). `stdin`: piped into it. */
export function spawnCli(args: string[], env: NodeJS.ProcessEnv, children: ChildProcess[], opts: { stdin?: string } = {}): SpawnedCli {
  const child = spawn(process.execPath, ['--import', 'tsx', BIN, ...args], { cwd: ROOT, env, stdio: [opts.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
  children.push(child);
  if (opts.stdin !== undefined) child.stdin?.end(opts.stdin);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((res) => child.on('exit', (code) => res({ code, stdout, stderr })));
  return { child, done };
}
