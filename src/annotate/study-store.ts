/**
 * Studies in the run store (migration v5): studies, items, annotators (token hashes only),
 * assignments (with the A/B order shown) and answers. Every answer is its own committed write.
 * Through the RunStore interface (the statements live in src/runtime/annotation-sql.ts), so a study
 * lives in a SQLite file or a PostgreSQL store alike.
 */
import { randomBytes } from 'node:crypto';
import { UserError } from '../core/errors.js';
import { redact } from '../core/redact.js';
import type { AnswerDbInput, StudyDbRow, StudyItemDbRow } from '../runtime/annotation-sql.js';
import type { StoreHandle, StudyStore } from '../runtime/run-store.js';
import { asRunStore, type AnyStore } from '../runtime/sqlite-run-store.js';
import { planAssignments } from './assign.js';
import { isValidAnswer, kindText, pairKind, type Presentation, type StudyKind } from './scale.js';
import { hashToken, newToken } from './tokens.js';

/** The store as studies use it: their tables, and where it is (for messages). */
export type StudyRecords = AnyStore<StudyStore & Pick<StoreHandle, 'location'>>;

export type ItemRole = 'task' | 'attention' | 'gold';

export interface ItemInput {
  id: string;
  role: 'task' | 'gold';
  /** the kind's fields (certainty: { original, rewrite }; framing / wildframe: { text }), plus descriptive fields */
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

/** One answer as the app records it (the store's row shape, src/runtime/annotation-sql.ts). */
export type AnswerInput = AnswerDbInput;

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
export async function createStudy(store: StudyRecords, given: CreateStudyArgs): Promise<{ study: StudyRow; tokens: { annotator: string; token: string }[] }> {
  // a key in a text or an id must reach neither the study's tables nor the annotators' pages
  const args: CreateStudyArgs = { ...given, items: given.items.map(redactItem) };
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
  const pool = kindText(args.kind).attention;
  const nAttention = args.attention ?? 1;
  if (nAttention > 0 && pool.length === 0) throw new UserError(`the ${args.kind} study kind has no attention checks`, { hint: 'use --attention 0' });
  const attentionItems: ItemRow[] = Array.from({ length: nAttention }, (_, i) => {
    const a = pool[i % pool.length]!;
    return { id: `attention-${i + 1}`, role: 'attention', content: { ...a.content }, expected: [...a.expected], judges: {} };
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
    randomiseOrder: pairKind(args.kind),
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
  const assignments = [...plan.sequences].flatMap(([a, seq]) =>
    seq.map((item, position) => {
      const first = plan.originalFirst.get(`${a}\u0000${item}`);
      return { annotator: a, position, item, presentation: first === undefined ? null : first ? 'original-first' : 'modified-first' };
    }),
  );
  const runStore = asRunStore(store);
  const taken = async (): Promise<boolean> => args.id !== undefined && (await runStore.studyRows(args.id)).length > 0;
  const exists = (): UserError =>
    new UserError(`a study with id "${study.id}" already exists in ${runStore.location}`, { hint: 'choose another --id, or leave it out for a new one (see `slant annotate status` for the studies there)' });
  if (await taken()) throw exists();
  try {
    await insertStudy(runStore, study, args, attentionItems, tokens, assignments);
  } catch (err) {
    // another process created it between the check and the insert: the database refused the second (both backends)
    if (await taken().catch(() => false)) throw exists();
    throw err;
  }
  return { study, tokens };
}

/** The item with every key in its id and texts redacted (src/core/redact.ts). */
function redactItem(it: ItemInput): ItemInput {
  return { ...it, id: redact(it.id), content: Object.fromEntries(Object.entries(it.content).map(([k, v]) => [k, redact(v)])) };
}

async function insertStudy(
  store: StudyStore,
  study: StudyRow,
  args: CreateStudyArgs,
  attentionItems: ItemRow[],
  tokens: { annotator: string; token: string }[],
  assignments: { annotator: string; position: number; item: string; presentation: string | null }[],
): Promise<void> {
  await store.createStudyRows({
    study: { id: study.id, created_at: study.createdAt, kind: study.kind, k: study.k, seed: study.seed, source_json: redact(JSON.stringify(study.source)), settings_json: JSON.stringify(study.settings) },
    items: [...args.items, ...attentionItems].map((it) => ({ id: it.id, role: it.role, content_json: JSON.stringify(it.content), expected_json: it.expected ? JSON.stringify(it.expected) : null, judges_json: JSON.stringify(it.judges ?? {}) })),
    annotators: tokens.map((t) => ({ id: t.annotator, tokenHash: hashToken(t.token), createdAt: study.createdAt })),
    assignments,
  });
}

function toStudy(r: StudyDbRow): StudyRow {
  return { id: r.id, createdAt: r.created_at, kind: r.kind as StudyKind, k: r.k, seed: r.seed, source: JSON.parse(r.source_json), settings: JSON.parse(r.settings_json) as StudyRow['settings'] };
}

export async function listStudies(store: StudyRecords): Promise<StudyRow[]> {
  return (await asRunStore(store).studyRows()).map(toStudy);
}

/** The named study, or the latest one when `id` is undefined; a clear error when there is none. */
export async function getStudy(anyStore: StudyRecords, id?: string): Promise<StudyRow> {
  const store = asRunStore(anyStore);
  const r = (await store.studyRows(id, true))[0];
  if (!r) throw new UserError(id === undefined ? `no annotation study in ${store.location}` : `no annotation study "${id}" in ${store.location}`, { hint: 'create one with `slant annotate create`' });
  return toStudy(r);
}

function toItem(r: StudyItemDbRow): ItemRow {
  return {
    id: r.id,
    role: r.role as ItemRole,
    content: JSON.parse(r.content_json) as Record<string, string>,
    expected: r.expected_json === null ? null : (JSON.parse(r.expected_json) as string[]),
    judges: r.judges_json === null ? {} : (JSON.parse(r.judges_json) as Record<string, string>),
  };
}

export async function getItems(store: StudyRecords, studyId: string): Promise<ItemRow[]> {
  return (await asRunStore(store).studyItemRows(studyId)).map(toItem);
}

export async function getItem(store: StudyRecords, studyId: string, itemId: string): Promise<ItemRow | undefined> {
  const r = (await asRunStore(store).studyItemRows(studyId, itemId))[0];
  return r === undefined ? undefined : toItem(r);
}

export function listAnnotators(store: StudyRecords, studyId: string): Promise<{ id: string; tokenHash: string }[]> {
  return asRunStore(store).annotatorRows(studyId);
}

/** New tokens for the given annotators (all by default); old links stop working, answers stay. */
export async function reissueTokens(store: StudyRecords, studyId: string, annotators?: readonly string[]): Promise<{ annotator: string; token: string }[]> {
  const known = (await listAnnotators(store, studyId)).map((a) => a.id);
  const which = annotators && annotators.length ? [...annotators] : known;
  for (const a of which) if (!known.includes(a)) throw new UserError(`study ${studyId} has no annotator "${a}"`, { hint: `annotators: ${known.join(', ')}` });
  const out = which.map((annotator) => ({ annotator, token: newToken() }));
  await asRunStore(store).setTokenHashes(studyId, out.map((t) => ({ annotator: t.annotator, tokenHash: hashToken(t.token) })));
  return out;
}

export async function getAssignments(store: StudyRecords, studyId: string, annotator?: string): Promise<AssignmentRow[]> {
  return (await asRunStore(store).assignmentRows(studyId, annotator === undefined ? {} : { annotator })) as AssignmentRow[];
}

export async function getAssignment(store: StudyRecords, studyId: string, annotator: string, item: string): Promise<AssignmentRow | undefined> {
  return (await asRunStore(store).assignmentRows(studyId, { annotator, item }))[0] as AssignmentRow | undefined;
}

/** Store one answer (committed at once); answering an item again replaces the value and counts a revision. */
export async function putAnswer(store: StudyRecords, studyId: string, a: AnswerInput): Promise<void> {
  await asRunStore(store).putAnswer(studyId, a, new Date().toISOString());
}

export function getAnswers(store: StudyRecords, studyId: string, annotator?: string): Promise<AnswerRow[]> {
  return asRunStore(store).answerRows(studyId, annotator === undefined ? {} : { annotator });
}

export async function getAnswer(store: StudyRecords, studyId: string, annotator: string, item: string): Promise<AnswerRow | undefined> {
  return (await asRunStore(store).answerRows(studyId, { annotator, item }))[0];
}

/** The assignment at a position in the annotator's order. */
export async function assignmentAt(store: StudyRecords, studyId: string, annotator: string, position: number): Promise<AssignmentRow | undefined> {
  return (await asRunStore(store).assignmentRows(studyId, { annotator, position }))[0] as AssignmentRow | undefined;
}

/** The annotator's next unanswered assignment (in their order) and their progress. */
export async function nextAssignment(store: StudyRecords, studyId: string, annotator: string): Promise<{ next: AssignmentRow | undefined; done: number; total: number }> {
  return (await asRunStore(store).nextAssignmentRow(studyId, annotator)) as { next: AssignmentRow | undefined; done: number; total: number };
}

export interface AnnotatorProgress {
  annotator: string;
  done: number;
  total: number;
  lastAnswerAt: string | null;
}

/** Per annotator: answered and assigned items, and the time of the last answer. */
export function studyProgress(store: StudyRecords, studyId: string): Promise<AnnotatorProgress[]> {
  return asRunStore(store).studyProgress(studyId);
}
