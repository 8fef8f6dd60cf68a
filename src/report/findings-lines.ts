/**
 * The findings (src/report/findings.ts) as terminal lines: a heading, each model, a bullet per
 * sentence. Long lines are broken by the terminal renderer, which indents what follows a bullet.
 */
import type { ModelFindings } from './findings.js';

export function findingsLines(findings: readonly ModelFindings[]): string[] {
  if (findings.length === 0) return [];
  // every sentence names its model: no heading per model, which a narrow terminal cannot spare
  return ['Findings (stated only where the 95% interval supports them)', ...findings.flatMap((m) => m.findings.map((f) => `  • ${f.text}`))];
}
