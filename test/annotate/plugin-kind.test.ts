import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { loadStudyData } from '../../src/annotate/answers.js';
import { itemPage } from '../../src/annotate/page.js';
import { NO_FILTERS } from '../../src/annotate/quality.js';
import { canonicalAnswer, isStudyKind, numericAnswer, studyKinds } from '../../src/annotate/scale.js';
import { itemsFromFile } from '../../src/annotate/sources.js';
import { studyStats } from '../../src/annotate/study-stats.js';
import { createStudy, getAssignments, getItems, listStudies, putAnswer } from '../../src/annotate/study-store.js';
import type { AnnotationKind } from '../../src/probes/annotation.js';
import { defineProbe } from '../../src/probes/manifest.js';
import { definePlugin } from '../../src/plugins/plugin.js';
import { registerPlugin } from '../../src/plugins/register.js';
import { Store } from '../../src/runtime/store.js';

/**
 * A probe that brings human labelling is one folder and one line: its manifest's `annotation` is
 * the whole study kind. A plugin probe's kind (a pair, "which text hedges more?") is created,
 * shown, answered and analysed without a line of slant naming it, and the store takes its name.
 */
const hedgingStudy: AnnotationKind = {
  title: 'Which text hedges more?',
  instructions: ['Read both texts, then say which one hedges its claims more ("may", "suggests").'],
  question: 'Which text hedges more?',
  note: '',
  options: [
    { value: '-1', label: 'Text A', key: 'a', score: -1 },
    { value: '0', label: 'The same', key: 's', score: 0 },
    { value: '1', label: 'Text B', key: 'b', score: 1 },
  ],
  source: 'a test kind',
  fields: ['source', 'output'],
  agreement: ['ordinal'],
  attention: [{ content: { source: 'Attention check: choose “Text A”.', output: 'Attention check: choose “Text A”.' }, expected: ['-1'] }],
};

const probe = {
  name: 'hedging-study',
  description: 'a probe whose texts people label',
  fields: [{ name: 'source', required: true, description: 'text' }],
  recordSchema: z.object({ id: z.string(), source: z.string(), output: z.string() }),
  optionsSchema: z.object({}).strict(),
  needs: () => [],
  measure: async () => ({}),
  aggregate: () => ({ metrics: [] }),
};

let registered = false;
async function registerOnce(): Promise<void> {
  if (registered) return;
  await registerPlugin(definePlugin({ probes: [defineProbe({ name: 'hedging-study', load: async () => probe, annotation: hedgingStudy })] }), 'test plugin');
  registered = true;
}

let store: Store;
const dirs: string[] = [];
beforeEach(async () => {
  await registerOnce();
  store = Store.open(':memory:');
});
afterEach(() => {
  store.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('a plugin probe brings its study kind', () => {
  it('is a kind beside the built-in ones', () => {
    expect(studyKinds()).toEqual(['framing', 'wildframe', 'certainty', 'hedging-study']);
    expect(isStudyKind('hedging-study')).toBe(true);
    expect(isStudyKind('primacy')).toBe(false);
  });

  it('creates a study of pairs in a drawn order, shows Text A and B, undoes the order and analyses the answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slant-kind-'));
    dirs.push(dir);
    const file = join(dir, 'pairs.jsonl');
    const rows = [1, 2, 3, 4, 5, 6].map((i) => ({ source: `Sales may have risen ${i}%.`, summary: `Sales rose ${i}%.`, judge: i % 2 ? '1' : '-1' }));
    writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const items = await itemsFromFile(file, 'hedging-study', { fields: { output: 'summary' }, judges: ['judge'] });
    expect(items[0]).toMatchObject({ role: 'task', content: { source: 'Sales may have risen 1%.', output: 'Sales rose 1%.' }, judges: { judge: '1' } });
    // a judge answer off the scale names the file, the record, the column and the kind's values
    writeFileSync(file, JSON.stringify({ ...rows[0], judge: '2' }) + '\n');
    await expect(itemsFromFile(file, 'hedging-study', { fields: { output: 'summary' }, judges: ['judge'] })).rejects.toThrow(/judge answer "2" is not on the hedging-study scale \(-1, 0, 1; empty or "inconsistent" for none\)/);

    await createStudy(store, { kind: 'hedging-study', items, annotators: 3, k: 3, attention: 1, seed: 3, source: { file }, id: 'h' });
    expect((await listStudies(store)).map((s) => s.kind)).toEqual(['hedging-study']);
    const attention = (await getItems(store, 'h')).find((i) => i.role === 'attention');
    expect(attention).toMatchObject({ content: hedgingStudy.attention[0]!.content, expected: ['-1'] });
    const assignments = await getAssignments(store, 'h');
    const tasks = assignments.filter((a) => a.item !== 'attention-1');
    // a pair: every task item's order is drawn, and both orders occur
    expect(new Set(tasks.map((a) => a.presentation))).toEqual(new Set(['original-first', 'modified-first']));

    // the page shows the kind's wording and its two fields as Text A and Text B in the drawn order
    const swapped = tasks.find((a) => a.presentation === 'modified-first')!;
    const item = (await getItems(store, 'h')).find((i) => i.id === swapped.item)!;
    const html = itemPage({ kind: 'hedging-study', annotator: swapped.annotator, item, presentation: swapped.presentation, position: 0, done: 0, total: 7, csrf: 'c', action: '/x' });
    expect(html).toContain('Which text hedges more?');
    expect(html.indexOf(item.content.output!)).toBeLessThan(html.indexOf(item.content.source!));
    expect(html).toMatch(/<h2>Text A<\/h2><p>Sales rose/);

    // every annotator finds the output hedges less: "Text A" when the source was shown first
    for (const a of assignments) {
      const value = a.item === 'attention-1' ? '-1' : a.presentation === 'original-first' ? '-1' : '1';
      await putAnswer(store, 'h', { annotator: a.annotator, item: a.item, value, msOnItem: 4000, msHidden: 0, blurs: 0 });
    }
    expect(canonicalAnswer('hedging-study', '1', 'modified-first')).toBe('-1');
    expect(numericAnswer('hedging-study', '-1')).toBe(-1);
    const data = await loadStudyData(store, 'h');
    expect(new Set(data.answers.filter((a) => a.role === 'task').map((a) => a.canonical))).toEqual(new Set(['-1']));
    expect(data.answers.filter((a) => a.role === 'attention').every((a) => a.correct)).toBe(true);
    const s = studyStats(data, { quality: NO_FILTERS, resamples: 20 });
    // the kind's agreement level only; no cards (the kind names none)
    expect(Object.keys(s.alpha)).toEqual(['ordinal']);
    expect(s.items).toBe(6);
    expect(s.answers).toBe(18);
    expect(s.cards).toEqual([]);
    expect(s.judges.map((j) => [j.judge, j.n])).toEqual([['judge', 6]]);
  });

  it('refuses a kind that could not work, naming the plugin, the probe and what is wrong', async () => {
    const bad = (annotation: Partial<AnnotationKind>, name: string) => registerPlugin(definePlugin({ probes: [defineProbe({ name, load: async () => ({ ...probe, name }), annotation: { ...hedgingStudy, ...annotation } })] }), 'bad plugin');
    await expect(bad({ options: [{ value: '0', label: 'A', key: 'a', score: 0 }, { value: '2', label: 'B', key: 'b', score: 2 }] }, 'bad-scale')).rejects.toThrow(/bad plugin: probe "bad-scale": annotation of a pair needs numeric values, each its own score, symmetric around 0/);
    await expect(bad({ fields: ['a', 'b', 'c'] }, 'bad-fields')).rejects.toThrow(/annotation fields must name one field \(a text\) or two \(a pair\)/);
    await expect(bad({ attention: [{ content: { source: 'x' }, expected: ['-1'] }] }, 'bad-check')).rejects.toThrow(/attention item .* needs content with source and output/);
    await expect(bad({ agreement: ['ratio' as 'nominal'] }, 'bad-level')).rejects.toThrow(/agreement must list levels among nominal, ordinal, interval/);
    expect(isStudyKind('bad-scale')).toBe(false);
  });
});
