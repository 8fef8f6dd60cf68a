/**
 * The run's spend in report.html and the viewer's run page (results.json's `spend`, docs/cost.md):
 * per model and condition, fresh and cached requests apart, with the plan shown before the run
 * beside the actual and the budget. A model without a price says "no price", never $0.
 */
import type { Results } from '../results/schema.js';
import { escapeHtml as e } from './escape.js';
import { spentAmount, usd } from './money.js';


type SpendRow = NonNullable<Results['spend']>['rows'][number];

/** A row's tokens and cost; a row whose answers reported no usage says so instead of 0 tokens and $0. */
function rowUsage(r: SpendRow): string {
  const cost = r.cost === null ? 'no price' : usd(r.cost);
  if (r.withoutUsage === 0) return `<td>${e(r.inputTokens)}</td><td>${e(r.outputTokens)}</td><td>${e(cost)}</td>`;
  if (r.inputTokens === 0 && r.outputTokens === 0) return `<td colspan="2">${e(`usage not reported (${r.withoutUsage} answer(s))`)}</td><td>—</td>`;
  return `<td>${e(r.inputTokens)}</td><td>${e(r.outputTokens)}</td><td>${e(`at least ${cost} (usage not reported for ${r.withoutUsage} answer(s))`)}</td>`;
}

export function spendHtml(spend: Results['spend']): string {
  if (spend === undefined || spend.rows.length === 0) return '';
  const rows = spend.rows
    .map((r) => `<tr><td class="l">${e(r.model)}</td><td class="l">${e(r.condition)}</td><td>${e(r.requests - r.cachedRequests)}</td><td>${e(r.cachedRequests)}</td>${rowUsage(r)}</tr>`)
    .join('');
  const notes: string[] = [`total ${spentAmount(spend)} over the priced models; cached requests are free`];
  if (spend.plan !== undefined) {
    const p = spend.plan;
    const sent = spend.rows.reduce((n, r) => n + r.requests - r.cachedRequests, 0);
    notes.push(`plan before the run: ${p.requests} request(s)${p.answerDependent > 0 ? ` (+ at most ${p.answerDependent} depending on answers)` : ''}, ${usd(p.priceLow)} – ${p.priceHigh === null ? 'no bound' : usd(p.priceHigh)}; actual: ${sent} sent, ${spentAmount(spend)}`);
  }
  if (spend.budget !== undefined) {
    const b = spend.budget;
    const limit = [b.usd !== undefined ? usd(b.usd) : '', b.tokens !== undefined ? `${b.tokens} tokens` : ''].filter((s) => s !== '').join(', ') || 'per model';
    notes.push(`budget ${limit}: spent ${usd(b.spent.usd)}, ${b.spent.tokens} tokens${b.reached !== null ? `; stopped at ${b.reached}` : ''}`);
  }
  return `<h3>Spend by model and condition</h3><table data-table="spend"><thead><tr><th class="l">model</th><th class="l">condition</th><th>fresh requests</th><th>from cache</th><th>input tokens</th><th>output tokens</th><th>cost</th></tr></thead><tbody>${rows}</tbody></table>${notes.map((n) => `<p>${e(n)}</p>`).join('')}`;
}
