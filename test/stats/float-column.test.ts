import { describe, expect, it } from 'vitest';
import { FloatColumn } from '../../src/stats/float-column.js';

describe('FloatColumn', () => {
  it('is empty before the first push', () => {
    const c = new FloatColumn();
    expect(c.length).toBe(0);
    expect(Array.from(c.values())).toEqual([]);
  });

  // past its first 1,024 slots it grows, keeping every value pushed before (a column that never
  // grew, grew without copying, or shrank would lose them); 5,000 pushes also catch growth on
  // every push, which multiplies the size by 1.5 each time until the allocation fails
  it('keeps every value pushed, in order, past the sizes it grows at', () => {
    const c = new FloatColumn();
    const pushed = Array.from({ length: 5000 }, (_, i) => i * 0.5 - 7);
    for (const x of pushed) c.push(x);
    expect(c.length).toBe(5000);
    expect(Array.from(c.values())).toEqual(pushed);
  });

  it('keeps full doubles (eight bytes each), NaN included', () => {
    const c = new FloatColumn();
    for (const x of [0.1, 1e300, -1 / 3, NaN]) c.push(x);
    expect(Array.from(c.values())).toEqual([0.1, 1e300, -1 / 3, NaN]);
  });
});
