// Loaded with `node --import` by bench/startup.bench.ts: writes the process's CPU time at exit.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  const u = process.cpuUsage();
  writeFileSync(process.env.SLANT_CPU_OUT ?? '/dev/null', JSON.stringify({ cpuMs: (u.user + u.system) / 1000 }));
});
