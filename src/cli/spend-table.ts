/**
 * The run's spend at the terminal (results.json's `spend`): with --verbose, a table per model and
 * condition (fresh and cached requests apart); always, when the run showed its plan first, the
 * plan's estimate beside the actual, and when a budget was set, what it allowed and what was spent.
 */
import type { Results } from '../results/schema.js';
import { spentAmount, usd } from '../report/money.js';

const int = (n: number): string => n.toLocaleString('en-US');

export function renderSpend(spend: Results['spend'], opts: { verbose: boolean }): string[] {
  if (spend === undefined) return [];
  const lines: string[] = [];
  if (opts.verbose && spend.rows.length > 0) {
    const rows = [['model', 'condition', 'fresh', 'cached', 'input tok', 'output tok', 'USD'], ...spend.rows.map((r) => [r.model, r.condition, int(r.requests - r.cachedRequests), int(r.cachedRequests), int(r.inputTokens), int(r.outputTokens), r.cost === null ? 'no price' : usd(r.cost)])];
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    lines.push('cost by model and condition (cached requests are free):');
    for (const r of rows) lines.push(`  ${r.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd()}`);
  }
  if (spend.plan !== undefined) {
    const fresh = spend.rows.reduce((n, r) => n + r.requests - r.cachedRequests, 0);
    const p = spend.plan;
    lines.push(`plan vs actual: ${int(p.requests)} request(s) planned${p.answerDependent > 0 ? ` (+ at most ${int(p.answerDependent)} depending on answers)` : ''}, ${int(fresh)} sent; ${usd(p.priceLow)} – ${p.priceHigh === null ? 'no bound' : usd(p.priceHigh)} planned, ${spentAmount(spend)} spent`);
  }
  if (spend.budget !== undefined) {
    const b = spend.budget;
    const limit = [b.usd !== undefined ? usd(b.usd) : '', b.tokens !== undefined ? `${int(b.tokens)} tokens` : '', b.models !== undefined ? 'per-model limits' : ''].filter((s) => s !== '').join(', ');
    lines.push(`budget ${limit}: spent ${usd(b.spent.usd)}, ${int(b.spent.tokens)} tokens${b.reached !== null ? `; stopped at ${b.reached}` : ''}`);
  }
  return lines;
}
