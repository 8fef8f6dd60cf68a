// Loaded with `node --import` by the CLI benches: writes the process's CPU time and peak RSS at exit.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  const u = process.cpuUsage();
  writeFileSync(process.env.SLANT_CPU_OUT ?? '/dev/null', JSON.stringify({ cpuMs: (u.user + u.system) / 1000, maxRssKb: process.resourceUsage().maxRSS }));
});
