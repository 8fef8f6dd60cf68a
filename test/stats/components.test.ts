import { describe, expect, it } from 'vitest';
import { connectedComponents } from '../../src/stats/components.js';

describe('connectedComponents', () => {
  it('groups nodes joined by edges, isolated nodes on their own, in node order', () => {
    expect(connectedComponents(6, [[0, 2], [3, 4], [2, 5]])).toEqual([[0, 2, 5], [1], [3, 4]]);
    expect(connectedComponents(3, [[0, 1], [1, 2]])).toEqual([[0, 1, 2]]);
    expect(connectedComponents(0, [])).toEqual([]);
  });
});
