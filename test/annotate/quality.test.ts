import { describe, expect, it } from 'vitest';
import type { AnswerRecord } from '../../src/annotate/answers.js';
import { applyQualityFilters, DEFAULT_QUALITY, NO_FILTERS } from '../../src/annotate/quality.js';

function ans(annotator: string, item: string, over: Partial<AnswerRecord> = {}): AnswerRecord {
  return { annotator, item, role: 'task', value: '1', canonical: '1', presentation: null, correct: null, msOnItem: 8000, msHidden: 0, blurs: 0, revisions: 0, answeredAt: '', ...over };
}

const rows: AnswerRecord[] = [];
for (const who of ['ok', 'inattentive', 'away', 'fast']) {
  for (let i = 0; i < 5; i++) {
    const fast = who === 'fast';
    rows.push(ans(who, `t${i}`, { value: fast ? '0' : String((i % 5) - 2), msOnItem: fast ? 900 : 8000, msHidden: who === 'away' ? 5000 : 0 }));
  }
  rows.push(ans(who, 'attention-1', { role: 'attention', value: who === 'inattentive' ? '0' : '2', correct: who !== 'inattentive' }));
}

describe('quality filters', () => {
  it('excludes attention failures, off-screen time and fast uniform answers, saying why', () => {
    const r = applyQualityFilters(rows, ['ok', 'inattentive', 'away', 'fast'], DEFAULT_QUALITY);
    expect(r.kept).toEqual(['ok']);
    expect(r.excluded.map((e) => [e.annotator, e.filter])).toEqual([
      ['inattentive', 'attention'],
      ['away', 'offscreen'],
      ['fast', 'fast-uniform'],
    ]);
    expect(r.excluded[0]!.reason).toBe('failed 1 of 1 attention check(s) (allowed 0)');
    // 5 × 5 s off-screen of 5 × 8 s + 8 s on items
    expect(r.excluded[1]!.reason).toBe('off-screen 25.0 s of 48.0 s on items (52% > 50%)');
    expect(r.excluded[2]!.reason).toContain('median 0.9 s per item');
    expect(r.excluded[2]!.reason).toContain('100% of answers "0"');
  });

  it('gold accuracy is an optional filter', () => {
    const withGold = [...rows, ans('ok', 'g1', { role: 'gold', correct: true }), ans('ok', 'g2', { role: 'gold', correct: false }), ans('away', 'g1', { role: 'gold', correct: true })];
    const r = applyQualityFilters(withGold, ['ok', 'away'], { ...NO_FILTERS, minGoldAccuracy: 0.8 });
    expect(r.excluded).toEqual([{ annotator: 'ok', filter: 'gold', reason: '1 of 2 gold item(s) right (< 80%)' }]);
    expect(applyQualityFilters(withGold, ['ok', 'away'], NO_FILTERS).excluded).toEqual([]);
  });

  it('thresholds are options; no filters keeps everyone', () => {
    expect(applyQualityFilters(rows, ['ok', 'inattentive', 'away', 'fast'], NO_FILTERS).kept).toHaveLength(4);
    const loose = applyQualityFilters(rows, ['ok', 'inattentive', 'away', 'fast'], { ...DEFAULT_QUALITY, maxAttentionFailures: 1, maxOffscreenShare: 0.6, fastMs: 500 });
    expect(loose.excluded).toEqual([]);
  });
});
