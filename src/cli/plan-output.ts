/** The cost plan as the terminal shows it (`slant plan`, `slant run --plan`, the confirmation before a large run). */
import type { CostPlan, PricedRow } from '../pipeline/cost-plan/estimate.js';
import { usd } from '../report/money.js';

const int = (n: number): string => n.toLocaleString('en-US');

/** "$0.0123 – $0.0456", "no price", or "$0.0123 – no bound" (an output without a token limit). */
function priceRange(p: { low: number; high: number | null } | null): string {
  if (p === null) return 'no price';
  return `${usd(p.low)} – ${p.high === null ? 'no bound' : usd(p.high)}`;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd());
}

const tokens = (n: number, exact: boolean): string => `${exact ? '' : '~'}${int(n)}`;
const outMax = (n: number, unlimited: number): string => (unlimited > 0 ? `${int(n)}+` : int(n));

function rowCells(r: PricedRow): string[] {
  const inTok = r.fresh.inputTokens + r.answerDependent.inputTokens;
  return [r.model, r.condition, int(r.cached), int(r.stored), r.atMost.length > 0 ? `≤ ${int(r.fresh.requests)}` : int(r.fresh.requests), r.answerDependent.requests > 0 ? `≤ ${int(r.answerDependent.requests)}` : '0', tokens(inTok, r.exactTokens), outMax(r.fresh.outputTokensMax + r.answerDependent.outputTokensMax, r.fresh.unlimited + r.answerDependent.unlimited), priceRange(r.price)];
}

/** The short form (the confirmation prompt): totals only. */
export function planSummary(plan: CostPlan): string {
  const t = plan.totals;
  const unpriced = plan.unpriced.length > 0 ? `; no price for ${plan.unpriced.join(', ')}` : '';
  return `${int(t.requests.fresh)} request(s) to send${t.requests.answerDependent > 0 ? ` (+ at most ${int(t.requests.answerDependent)} that depend on answers)` : ''}, ${int(t.requests.cached)} from the cache, ${int(t.requests.stored)} already stored; ${tokens(t.inputTokens, t.exactTokens)} input tokens, at most ${outMax(t.outputTokensMax, t.unlimited)} output tokens; ${priceRange(t.price)}${unpriced}`;
}

export function renderPlan(plan: CostPlan): string {
  const t = plan.totals;
  const head = ['model', 'condition', 'cached', 'stored', 'fresh', 'answer-dep.', 'input tok', 'output tok ≤', `price (USD${plan.batch ? ', batch' : ''})`];
  const total = ['total', '', int(t.requests.cached), int(t.requests.stored), int(t.requests.fresh), t.requests.answerDependent > 0 ? `≤ ${int(t.requests.answerDependent)}` : '0', tokens(t.inputTokens, t.exactTokens), outMax(t.outputTokensMax, t.unlimited), priceRange(t.price)];
  const lines = [`plan (no model was called): ${plan.datasets.map((d) => `${d.name} ${int(d.n)} record(s)`).join(', ')}`, ...table([head, ...plan.rows.map(rowCells), total])];
  const dep = plan.rows.filter((r) => r.answerDependent.requests > 0);
  if (dep.length > 0) {
    lines.push('', 'calls that depend on answers (counted at their most; in the upper price):');
    for (const r of dep) lines.push(`  ${r.model} / ${r.condition}: at most ${int(r.answerDependent.requests)}: ${r.answerDependent.what.join('; ')}`);
  }
  const atMost = plan.rows.filter((r) => r.atMost.length > 0);
  if (atMost.length > 0) {
    lines.push('', 'fresh requests counted at their most ("≤"):');
    for (const r of atMost) lines.push(`  ${r.model} / ${r.condition}: ${r.atMost.join('; ')}`);
  }
  lines.push('');
  lines.push('cached: answered by the request cache (free); stored: answers this run already holds (--resume); fresh: sent and paid.');
  lines.push(t.exactTokens ? 'input tokens: counted with each model\'s tokenizer.' : 'input tokens: counted with the model\'s tokenizer where slant has one (OpenAI models); "~" marks estimates (4 characters a token).');
  if (t.modelMax > 0) lines.push(`output: ${int(t.modelMax)} request(s) carry no token limit of their own (slant sets none on the label questions judges and probes ask hosted models: a reasoning model spends hidden tokens before its label, and a limit would cut it off); each is bounded by its model's largest answer (the providers' model pages, as of ${plan.outputLimitsAsOf}).`);
  if (t.unlimited > 0)
    lines.push(`output: ${int(t.unlimited)} request(s) carry no token limit ("+") and go to models whose largest answer slant does not know (${plan.unbounded.join(', ')}): their output, and the upper price, have no bound. To bound them, set the probe's maxTokens option where it has one (certainty, hallucination, wildframe), or use a model slant knows.`);
  lines.push(`prices: slant's table as of ${plan.pricesAsOf} with the config's prices: (docs/cost.md)${plan.unpriced.length > 0 ? `; no price for ${plan.unpriced.join(', ')} (not counted as free: add it under prices:)` : ''}.`);
  for (const n of plan.notes) lines.push(`note: ${n}`);
  return lines.join('\n');
}
