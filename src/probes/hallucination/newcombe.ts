import type { Interval } from '../../core/types.js';
import { wilsonInterval } from '../../stats/proportion.js';

/**
 * Newcombe's hybrid score interval for the difference of two independent proportions
 * p1 − p2 (Newcombe 1998, method 10), from the two Wilson intervals [l1,u1], [l2,u2]:
 *   L = d − sqrt((p1 − l1)² + (u2 − p2)²),  U = d + sqrt((u1 − p1)² + (p2 − l2)²).
 * Worked example (Newcombe 1998, Table II, example (a)): 56/70 − 48/80 = 0.2, interval 0.0524 to 0.3339.
 */
export function newcombeInterval(x1: number, n1: number, x2: number, n2: number, level = 0.95): Interval {
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const w1 = wilsonInterval(x1, n1, level);
  const w2 = wilsonInterval(x2, n2, level);
  const d = p1 - p2;
  return {
    low: d - Math.sqrt((p1 - w1.low) ** 2 + (w2.high - p2) ** 2),
    high: d + Math.sqrt((w1.high - p1) ** 2 + (p2 - w2.low) ** 2),
    level,
    method: 'newcombe-hybrid-score',
  };
}

/**
 * An interval for |d| from an interval [L, U] for d: when it straddles 0, [0, max(|L|, |U|)];
 * otherwise the absolute values, ordered. Coverage of |d| is at least that of d.
 */
export function absInterval(ci: Interval): Interval {
  const a = Math.abs(ci.low);
  const b = Math.abs(ci.high);
  const straddles = ci.low <= 0 && ci.high >= 0;
  return {
    low: straddles ? 0 : Math.min(a, b),
    high: Math.max(a, b),
    level: ci.level,
    method: `${ci.method} (absolute value)`,
  };
}
