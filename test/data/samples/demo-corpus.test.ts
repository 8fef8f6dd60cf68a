import { describe, it, expect } from 'vitest';
import { FRAMINGS } from '../../../src/core/types.js';
import {
  DEMO_DATASETS,
  DEMO_DOCUMENTS,
  DEMO_INTERVIEWS,
  DEMO_REVIEWS,
  type DemoDocument,
} from '../../../src/data/samples/index.js';

const words = (text: string): number => text.match(/\S+/g)?.length ?? 0;
const ofKind = (kind: DemoDocument['kind']): DemoDocument[] => DEMO_DOCUMENTS.filter((d) => d.kind === kind);

describe('demo corpus', () => {
  it('has at least 20 reviews and 20 interviews', () => {
    expect(ofKind('review').length).toBeGreaterThanOrEqual(20);
    expect(ofKind('interview').length).toBeGreaterThanOrEqual(20);
  });

  it('has unique ids that carry the kind as a prefix', () => {
    const ids = DEMO_DOCUMENTS.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const d of DEMO_DOCUMENTS) expect(d.id.startsWith(`${d.kind}-`), d.id).toBe(true);
  });

  it('keeps every text between 300 and 1,500 words', () => {
    for (const d of DEMO_DOCUMENTS) {
      const n = words(d.text);
      expect(n, `${d.id} has ${n} words`).toBeGreaterThanOrEqual(300);
      expect(n, `${d.id} has ${n} words`).toBeLessThanOrEqual(1500);
    }
  });

  it('spreads lengths: some documents of each kind are over 900 words', () => {
    for (const kind of ['review', 'interview'] as const) {
      expect(ofKind(kind).filter((d) => words(d.text) > 900).length, kind).toBeGreaterThanOrEqual(4);
    }
  });

  it('has at least 8 documents of each kind whose sentiment moves inside the text', () => {
    for (const kind of ['review', 'interview'] as const) {
      expect(ofKind(kind).filter((d) => d.turn !== 'none').length, kind).toBeGreaterThanOrEqual(8);
    }
  });

  it('covers every framing in both kinds', () => {
    for (const kind of ['review', 'interview'] as const) {
      const present = new Set(ofKind(kind).map((d) => d.intendedFraming));
      for (const f of FRAMINGS) expect(present.has(f), `${kind} lacks ${f}`).toBe(true);
    }
  });

  it('has both praise-first and complaint-first turns among the reviews', () => {
    const turns = new Set(DEMO_REVIEWS.map((d) => d.turn));
    expect(turns.has('positive-to-negative')).toBe(true);
    expect(turns.has('negative-to-positive')).toBe(true);
  });

  it('has no template artifacts or placeholders in titles and texts', () => {
    for (const d of DEMO_DOCUMENTS) {
      for (const s of [d.title, d.text]) {
        expect(s, d.id).not.toMatch(/[`\\]|\$\{|TODO|lorem ipsum/i);
        expect(s, d.id).toBe(s.trim());
        expect(s, d.id).not.toMatch(/\n[ \t]+\S/); // no source indentation leaked into the text
      }
    }
  });

  it('formats interviews as speaker turns opened by the host', () => {
    for (const d of DEMO_INTERVIEWS) {
      expect(d.text.startsWith('HOST: '), d.id).toBe(true);
      // Speaker labels are upper-case names, possibly with accents (TOMÁS OCHOA) or titles (DR. ALVAREZ).
      const labels = [...d.text.matchAll(/^(\p{Lu}[\p{Lu} .'-]+):/gmu)].map((m) => m[1]);
      expect(new Set(labels).size, d.id).toBeGreaterThanOrEqual(2);
      expect(labels.filter((l) => l === 'HOST').length, d.id).toBeGreaterThanOrEqual(3);
      // every paragraph is a speaker turn
      for (const p of d.text.split(/\n\s*\n/)) expect(p, d.id).toMatch(/^\p{Lu}[\p{Lu} .'-]+: \S/u);
    }
  });

  it('does not repeat whole paragraphs across documents', () => {
    const seen = new Map<string, string>();
    for (const d of DEMO_DOCUMENTS) {
      for (const p of d.text.split(/\n\s*\n/).map((x) => x.trim()).filter((x) => words(x) >= 12)) {
        expect(seen.get(p), `${d.id} repeats a paragraph of ${seen.get(p) ?? ''}`).toBeUndefined();
        seen.set(p, d.id);
      }
    }
  });

  it('splits into the two named datasets without overlap or loss', () => {
    expect(DEMO_DATASETS.map((s) => s.name)).toEqual(['demo-reviews', 'demo-interviews']);
    const all = DEMO_DATASETS.flatMap((s) => s.documents.map((d) => d.id));
    expect(all).toEqual(DEMO_DOCUMENTS.map((d) => d.id));
    for (const s of DEMO_DATASETS) {
      const kind = s.name === 'demo-reviews' ? 'review' : 'interview';
      expect(s.documents.every((d) => d.kind === kind), s.name).toBe(true);
    }
  });
});
