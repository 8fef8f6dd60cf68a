import { describe, expect, it } from 'vitest';
import { defaultJudgeSpec, parseJudgeMappings, resolveStudyJudges } from '../../src/annotate/judge-identity.js';
import type { ItemRow } from '../../src/annotate/study-store.js';
import { OfflineCertaintyComparator } from '../../src/judges/certainty/offline-comparator.js';
import { createOfflineFramingJudge } from '../../src/judges/framing/offline-judge.js';

const item = (id: string, content: Record<string, string>, judges: Record<string, string>): ItemRow => ({ id, role: 'task', content, expected: null, judges }) as ItemRow;

describe('which judge a study column is', () => {
  it('recognises run columns, judge ids and model ids; other names say nothing', async () => {
    expect(defaultJudgeSpec('framing', 'framing:offline')).toBe('offline');
    expect(defaultJudgeSpec('framing', 'framing:openai:o4-mini')).toBe('openai:o4-mini');
    expect(defaultJudgeSpec('framing', 'llm-framing:ollama:judge')).toBe('ollama:judge');
    expect(defaultJudgeSpec('framing', 'offline-framing')).toBe('offline');
    expect(defaultJudgeSpec('certainty', 'offline')).toBe('offline');
    expect(defaultJudgeSpec('certainty', 'certainty-offline')).toBe('offline');
    expect(defaultJudgeSpec('certainty', 'certainty-llm:openai:o4-mini')).toBe('openai:o4-mini');
    expect(defaultJudgeSpec('certainty', 'anthropic:claude')).toBe('anthropic:claude');
    expect(defaultJudgeSpec('certainty', 'certainty-llm:a:b+moderator:c:d')).toBeUndefined();
    expect(defaultJudgeSpec('certainty', 'a:b+moderator:c:d')).toBeUndefined();
    expect(defaultJudgeSpec('certainty', 'gpt')).toBeUndefined();
    expect(defaultJudgeSpec('framing', 'certainty-offline')).toBeUndefined();
  });

  it('parses --judge column=spec and refuses other shapes', async () => {
    expect(parseJudgeMappings(['gpt=openai:o4-mini', 'mine=offline'])).toEqual({ gpt: 'openai:o4-mini', mine: 'offline' });
    for (const bad of ['gpt', '=offline', 'gpt=']) expect(() => parseJudgeMappings([bad])).toThrow(/--judge expects <study judge>=<judge spec>/);
  });

  it('resolves offline judges to the id and version runs use, counting their training rows among the items', async () => {
    const f = await resolveStudyJudges('framing', [item('t1', { text: 'A unique sentence nobody trained on, 7781.' }, { 'framing:offline': 'positive', gpt: 'neutral' })], {});
    const offline = createOfflineFramingJudge();
    expect(f.identities['framing:offline']).toEqual({ id: offline.id, version: offline.version, inTraining: 0 });
    expect(f.unresolved).toEqual(['gpt']);
    const c = await resolveStudyJudges('certainty', [item('p1', { original: 'Coffee may help, 9912.', rewrite: 'Coffee helps, 9912.' }, { mine: '1' })], { mine: 'offline' });
    const comparator = new OfflineCertaintyComparator();
    expect(c.identities.mine).toEqual({ id: 'certainty-offline', version: comparator.cardVersion, inTraining: 0 });
    await expect(resolveStudyJudges('certainty', [], { nope: 'offline' })).rejects.toThrow(/the study has no judge "nope"/);
  });
});
