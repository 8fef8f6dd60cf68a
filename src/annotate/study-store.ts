/**
 * Studies in the run store (migration v5): studies, items, annotators (token hashes only),
 * assignments (with the A/B order shown) and answers. Every answer is its own committed write.
 */
import { randomBytes } from 'node:crypto';
import { UserError } from '../core/errors.js';
import type { Store } from '../runtime/store.js';
import { planAssignments } from './assign.js';
import attention from './attention.json' with { type: 'json' };
import { isValidAnswer, type Presentation, type StudyKind } from './scale.js';
import { hashToken, newToken } from './tokens.js';

export type ItemRole = 'task' | 'attention' | 'gold';

export interface ItemInput {
  id: string;
  role: 'task' | 'gold';
  /** certainty: { original, rewrite }; framing / wildframe: { text } (plus descriptive fields) */
  content: Record<string, string>;
  /** accepted answers of a gold item (canonical: certainty −2..2 with positive = rewrite more certain) */
  expected?: string[];
  /** judge id → the judge's canonical answer */
  judges?: Record<string, string>;
}

export interface StudyRow {
  id: string;
  createdAt: string;
  kind: StudyKind;
  k: number;
  seed: number;
  source: unknown;
  settings: { attention: number; annotators: string[] };
}

export interface ItemRow {
  id: string;
  role: ItemRole;
  content: Record<string, string>;
  expected: string[] | null;
  judges: Record<string, string>;
}

export interface AssignmentRow {
  annotator: string;
  position: number;
  item: string;
  presentation: Presentation | null;
}

export interface AnswerInput {
  annotator: string;
  item: string;
  value: string;
  msOnItem: number;
  msHidden: number;
  blurs: number;
}

export interface AnswerRow extends AnswerInput {
  revisions: number;
  answeredAt: string;
}

export interface CreateStudyArgs {
  kind: StudyKind;
  items: readonly ItemInput[];
  /** number of annotators, or their names */
  annotators: number | readonly string[];
  k: number;
  /** attention items shown to every annotator (default 1) */
  attention?: number;
  seed?: number;
  source: unknown;
  id?: string;
}

export function newStudyId(now = new Date()): string {
  return `study-${now.toISOString().slice(0, 10)}-${randomBytes(3).toString('hex')}`;
}

function annotatorNames(a: number | readonly string[]): string[] {
  if (typeof a !== 'number') {
    const names = [...a];
    const dup = names.find((n, i) => names.indexOf(n) !== i);
    if (dup !== undefined) throw new UserError(`annotator "${dup}" is named twice`);
    for (const n of names) if (!/^[A-Za-z0-9._-]{1,64}$/.test(n)) throw new UserError(`annotator name "${n}": use letters, digits, ".", "_" or "-" (at most 64)`);
    return names;
  }
  const width = String(a).length;
  return Array.from({ length: a }, (_, i) => `a${String(i + 1).padStart(Math.max(2, width), '0')}`);
}

/** Create a study with its items, annotators and assignments in one transaction; returns each annotator's token (shown once). */
export function createStudy(store: Store, args: CreateStudyArgs): { study: StudyRow; tokens: { annotator: string; token: string }[] } {
  const names = annotatorNames(args.annotators);
  if (names.length === 0) throw new UserError('a study needs at least one annotator');
  if (args.k > names.length) throw new UserError(`each item should be shown to ${args.k} annotators, but there are only ${names.length}`, { hint: 'lower --k or add annotators' });
  const ids = new Set<string>();
  for (const it of args.items) {
    if (ids.has(it.id)) throw new UserError(`item id "${it.id}" occurs twice`);
    ids.add(it.id);
    for (const e of it.expected ?? []) if (!isValidAnswer(args.kind, e)) throw new UserError(`item ${it.id}: gold answer "${e}" is not on the ${args.kind} scale`);
  }
  const tasks = args.items.filter((i) => i.role === 'task');
  if (tasks.length === 0) throw new UserError('the study has no items to annotate');
  const pool = (attention as Record<StudyKind, (Record<string, string | string[]>)[]>)[args.kind];
  const nAttention = args.attention ?? 1;
  const attentionItems: ItemRow[] = Array.from({ length: nAttention }, (_, i) => {
    const a = pool[i % pool.length]!;
    const content: Record<string, string> = {};
    for (const [key, v] of Object.entries(a)) if (typeof v === 'string') content[key] = v;
    return { id: `attention-${i + 1}`, role: 'attention', content, expected: a.expected as string[], judges: {} };
  });
  for (const a of attentionItems) if (ids.has(a.id)) throw new UserError(`item id "${a.id}" is reserved for attention checks`);
  const seed = args.seed ?? 42;
  const shared = [...args.items.filter((i) => i.role === 'gold').map((i) => i.id), ...attentionItems.map((i) => i.id)];
  const plan = planAssignments({
    taskItems: tasks.map((t) => t.id),
    sharedItems: shared,
    annotators: names,
    k: args.k,
    seed,
    randomiseOrder: args.kind === 'certainty',
    fixedOrder: new Set(attentionItems.map((i) => i.id)),
  });
  const study: StudyRow = {
    id: args.id ?? newStudyId(),
    createdAt: new Date().toISOString(),
    kind: args.kind,
    k: args.k,
    seed,
    source: args.source,
    settings: { attention: nAttention, annotators: names },
  };
  const tokens = names.map((annotator) => ({ annotator, token: newToken() }));
  store.transaction(() => {
    store
      .statement('INSERT INTO annotation_studies (id, created_at, kind, k, seed, source_json, settings_json) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(study.id, study.createdAt, study.kind, study.k, study.seed, JSON.stringify(study.source), JSON.stringify(study.settings));
    const insItem = store.statement('INSERT INTO annotation_items (study_id, id, role, content_json, expected_json, judges_json) VALUES (?, ?, ?, ?, ?, ?)');
    for (const it of [...args.items, ...attentionItems]) {
      insItem.run(study.id, it.id, it.role, JSON.stringify(it.content), it.expected ? JSON.stringify(it.expected) : null, JSON.stringify(it.judges ?? {}));
    }
    const insAnn = store.statement('INSERT INTO annotators (study_id, id, token_hash, created_at) VALUES (?, ?, ?, ?)');
    for (const t of tokens) insAnn.run(study.id, t.annotator, hashToken(t.token), study.createdAt);
    const insAsg = store.statement('INSERT INTO annotation_assignments (study_id, annotator_id, position, item_id, presentation) VALUES (?, ?, ?, ?, ?)');
    for (const [a, seq] of plan.sequences) {
      seq.forEach((item, pos) => {
        const first = plan.originalFirst.get(`${a}\u0000${item}`);
        insAsg.run(study.id, a, pos, item, first === undefined ? null : first ? 'original-first' : 'modified-first');
      });
    }
  });
  return { study, tokens };
}

interface RawStudy {
  id: string;
  created_at: string;
  kind: StudyKind;
  k: number;
  seed: number;
  source_json: string;
  settings_json: string;
}

function toStudy(r: RawStudy): StudyRow {
  return { id: r.id, createdAt: r.created_at, kind: r.kind, k: r.k, seed: r.seed, source: JSON.parse(r.source_json), settings: JSON.parse(r.settings_json) as StudyRow['settings'] };
}

export function listStudies(store: Store): StudyRow[] {
  return (store.statement('SELECT * FROM annotation_studies ORDER BY created_at DESC, rowid DESC').all() as RawStudy[]).map(toStudy);
}

/** The named study, or the latest one when `id` is undefined; a clear error when there is none. */
export function getStudy(store: Store, id?: string): StudyRow {
  const r = (id === undefined
    ? store.statement('SELECT * FROM annotation_studies ORDER BY created_at DESC, rowid DESC LIMIT 1').get()
    : store.statement('SELECT * FROM annotation_studies WHERE id = ?').get(id)) as RawStudy | undefined;
  if (!r) throw new UserError(id === undefined ? `no annotation study in ${store.path}` : `no annotation study "${id}" in ${store.path}`, { hint: 'create one with `slant annotate create`' });
  return toStudy(r);
}

interface RawItem {
  id: string;
  role: ItemRole;
  content_json: string;
  expected_json: string | null;
  judges_json: string | null;
}

const ITEM_COLUMNS = 'id, role, content_json, expected_json, judges_json';

function toItem(r: RawItem): ItemRow {
  return {
    id: r.id,
    role: r.role,
    content: JSON.parse(r.content_json) as Record<string, string>,
    expected: r.expected_json === null ? null : (JSON.parse(r.expected_json) as string[]),
    judges: r.judges_json === null ? {} : (JSON.parse(r.judges_json) as Record<string, string>),
  };
}

export function getItems(store: Store, studyId: string): ItemRow[] {
  return (store.statement(`SELECT ${ITEM_COLUMNS} FROM annotation_items WHERE study_id = ? ORDER BY rowid`).all(studyId) as RawItem[]).map(toItem);
}

export function getItem(store: Store, studyId: string, itemId: string): ItemRow | undefined {
  const r = store.statement(`SELECT ${ITEM_COLUMNS} FROM annotation_items WHERE study_id = ? AND id = ?`).get(studyId, itemId) as RawItem | undefined;
  return r === undefined ? undefined : toItem(r);
}

export function listAnnotators(store: Store, studyId: string): { id: string; tokenHash: string }[] {
  return store.statement('SELECT id, token_hash AS tokenHash FROM annotators WHERE study_id = ? ORDER BY rowid').all(studyId) as { id: string; tokenHash: string }[];
}

/** New tokens for the given annotators (all by default); old links stop working, answers stay. */
export function reissueTokens(store: Store, studyId: string, annotators?: readonly string[]): { annotator: string; token: string }[] {
  const known = listAnnotators(store, studyId).map((a) => a.id);
  const which = annotators && annotators.length ? [...annotators] : known;
  for (const a of which) if (!known.includes(a)) throw new UserError(`study ${studyId} has no annotator "${a}"`, { hint: `annotators: ${known.join(', ')}` });
  const out = which.map((annotator) => ({ annotator, token: newToken() }));
  store.transaction(() => {
    for (const t of out) store.statement('UPDATE annotators SET token_hash = ? WHERE study_id = ? AND id = ?').run(hashToken(t.token), studyId, t.annotator);
  });
  return out;
}

export function getAssignments(store: Store, studyId: string, annotator?: string): AssignmentRow[] {
  const sql = `SELECT annotator_id AS annotator, position, item_id AS item, presentation FROM annotation_assignments WHERE study_id = ?${annotator === undefined ? '' : ' AND annotator_id = ?'} ORDER BY annotator_id, position`;
  const args = annotator === undefined ? [studyId] : [studyId, annotator];
  return store.statement(sql).all(...args) as AssignmentRow[];
}

export function getAssignment(store: Store, studyId: string, annotator: string, item: string): AssignmentRow | undefined {
  return store
    .statement('SELECT annotator_id AS annotator, position, item_id AS item, presentation FROM annotation_assignments WHERE study_id = ? AND annotator_id = ? AND item_id = ?')
    .get(studyId, annotator, item) as AssignmentRow | undefined;
}

/** Store one answer (committed at once); answering an item again replaces the value and counts a revision. */
export function putAnswer(store: Store, studyId: string, a: AnswerInput): void {
  store
    .statement(
      `INSERT INTO annotation_answers (study_id, annotator_id, item_id, value, ms_on_item, ms_hidden, blurs, revisions, answered_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)
       ON CONFLICT (study_id, annotator_id, item_id) DO UPDATE SET value = excluded.value,
         ms_on_item = annotation_answers.ms_on_item + excluded.ms_on_item,
         ms_hidden = annotation_answers.ms_hidden + excluded.ms_hidden,
         blurs = annotation_answers.blurs + excluded.blurs,
         revisions = annotation_answers.revisions + 1, answered_at = excluded.answered_at`,
    )
    .run(studyId, a.annotator, a.item, a.value, a.msOnItem, a.msHidden, a.blurs, new Date().toISOString());
}

export function getAnswers(store: Store, studyId: string, annotator?: string): AnswerRow[] {
  const sql = `SELECT annotator_id AS annotator, item_id AS item, value, ms_on_item AS msOnItem, ms_hidden AS msHidden, blurs, revisions, answered_at AS answeredAt
     FROM annotation_answers WHERE study_id = ?${annotator === undefined ? '' : ' AND annotator_id = ?'} ORDER BY rowid`;
  const args = annotator === undefined ? [studyId] : [studyId, annotator];
  return store.statement(sql).all(...args) as AnswerRow[];
}

export function getAnswer(store: Store, studyId: string, annotator: string, item: string): AnswerRow | undefined {
  return store
    .statement(
      `SELECT annotator_id AS annotator, item_id AS item, value, ms_on_item AS msOnItem, ms_hidden AS msHidden, blurs, revisions, answered_at AS answeredAt
       FROM annotation_answers WHERE study_id = ? AND annotator_id = ? AND item_id = ?`,
    )
    .get(studyId, annotator, item) as AnswerRow | undefined;
}

/** The assignment at a position in the annotator's order. */
export function assignmentAt(store: Store, studyId: string, annotator: string, position: number): AssignmentRow | undefined {
  return store
    .statement('SELECT annotator_id AS annotator, position, item_id AS item, presentation FROM annotation_assignments WHERE study_id = ? AND annotator_id = ? AND position = ?')
    .get(studyId, annotator, position) as AssignmentRow | undefined;
}

/** The annotator's next unanswered assignment (in their order) and their progress. */
export function nextAssignment(store: Store, studyId: string, annotator: string): { next: AssignmentRow | undefined; done: number; total: number } {
  const next = store
    .statement(
      `SELECT s.annotator_id AS annotator, s.position, s.item_id AS item, s.presentation FROM annotation_assignments s
       WHERE s.study_id = ? AND s.annotator_id = ? AND NOT EXISTS (
         SELECT 1 FROM annotation_answers a WHERE a.study_id = s.study_id AND a.annotator_id = s.annotator_id AND a.item_id = s.item_id)
       ORDER BY s.position LIMIT 1`,
    )
    .get(studyId, annotator) as AssignmentRow | undefined;
  const total = store.statement('SELECT count(*) FROM annotation_assignments WHERE study_id = ? AND annotator_id = ?').pluck().get(studyId, annotator) as number;
  const done = store.statement('SELECT count(*) FROM annotation_answers WHERE study_id = ? AND annotator_id = ?').pluck().get(studyId, annotator) as number;
  return { next, done, total };
}

export interface AnnotatorProgress {
  annotator: string;
  done: number;
  total: number;
  lastAnswerAt: string | null;
}

/** Per annotator: answered and assigned items, and the time of the last answer. */
export function studyProgress(store: Store, studyId: string): AnnotatorProgress[] {
  return store
    .statement(
      `SELECT n.id AS annotator,
         (SELECT count(*) FROM annotation_answers a WHERE a.study_id = n.study_id AND a.annotator_id = n.id) AS done,
         (SELECT count(*) FROM annotation_assignments s WHERE s.study_id = n.study_id AND s.annotator_id = n.id) AS total,
         (SELECT max(answered_at) FROM annotation_answers a WHERE a.study_id = n.study_id AND a.annotator_id = n.id) AS lastAnswerAt
       FROM annotators n WHERE n.study_id = ? ORDER BY n.rowid`,
    )
    .all(studyId) as AnnotatorProgress[];
}
