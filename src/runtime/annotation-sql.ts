/**
 * The annotation studies' statements (migration v5 tables), written once in the SQL both stores
 * accept (`?` placeholders, which the PostgreSQL store numbers; quoted camelCase aliases, which
 * PostgreSQL would otherwise fold to lower case; counts cast to INTEGER, which PostgreSQL would
 * otherwise return as a bigint string). Only the two store implementations run them
 * (src/runtime/store.ts, src/runtime/pg-store.ts); src/annotate/study-store.ts maps their rows.
 */

/** A study as stored (its JSON columns still text). */
export interface StudyDbRow {
  id: string;
  created_at: string;
  kind: string;
  k: number;
  seed: number;
  source_json: string;
  settings_json: string;
}

export interface StudyItemDbRow {
  id: string;
  role: string;
  content_json: string;
  expected_json: string | null;
  judges_json: string | null;
}

export interface AssignmentDbRow {
  annotator: string;
  position: number;
  item: string;
  presentation: string | null;
}

export interface AnswerDbInput {
  annotator: string;
  item: string;
  value: string;
  msOnItem: number;
  msHidden: number;
  blurs: number;
}

export interface AnswerDbRow extends AnswerDbInput {
  revisions: number;
  answeredAt: string;
}

export interface AnnotatorProgressRow {
  annotator: string;
  done: number;
  total: number;
  lastAnswerAt: string | null;
}

/** Everything a new study writes, in one transaction. */
export interface StudyInsert {
  study: StudyDbRow;
  items: StudyItemDbRow[];
  annotators: { id: string; tokenHash: string; createdAt: string }[];
  assignments: AssignmentDbRow[];
}

export interface Sql {
  sql: string;
  params: unknown[];
}

const INSERT_STUDY = 'INSERT INTO annotation_studies (id, created_at, kind, k, seed, source_json, settings_json) VALUES (?, ?, ?, ?, ?, ?, ?)';
const INSERT_ITEM = 'INSERT INTO annotation_items (study_id, id, role, content_json, expected_json, judges_json) VALUES (?, ?, ?, ?, ?, ?)';
const INSERT_ANNOTATOR = 'INSERT INTO annotators (study_id, id, token_hash, created_at) VALUES (?, ?, ?, ?)';
const INSERT_ASSIGNMENT = 'INSERT INTO annotation_assignments (study_id, annotator_id, position, item_id, presentation) VALUES (?, ?, ?, ?, ?)';
export const SET_TOKEN_HASH = 'UPDATE annotators SET token_hash = ? WHERE study_id = ? AND id = ?';

/** The insert statements of a study, in the order the foreign keys need. */
export function studyInserts(s: StudyInsert): Sql[] {
  const id = s.study.id;
  return [
    { sql: INSERT_STUDY, params: [id, s.study.created_at, s.study.kind, s.study.k, s.study.seed, s.study.source_json, s.study.settings_json] },
    ...s.items.map((it) => ({ sql: INSERT_ITEM, params: [id, it.id, it.role, it.content_json, it.expected_json, it.judges_json] })),
    ...s.annotators.map((a) => ({ sql: INSERT_ANNOTATOR, params: [id, a.id, a.tokenHash, a.createdAt] })),
    ...s.assignments.map((a) => ({ sql: INSERT_ASSIGNMENT, params: [id, a.annotator, a.position, a.item, a.presentation] })),
  ];
}

/** Studies newest first, or the one named. */
export function studiesSql(id?: string, latestOnly = false): Sql {
  if (id !== undefined) return { sql: 'SELECT id, created_at, kind, k, seed, source_json, settings_json FROM annotation_studies WHERE id = ?', params: [id] };
  return { sql: `SELECT id, created_at, kind, k, seed, source_json, settings_json FROM annotation_studies ORDER BY created_at DESC, rowid DESC${latestOnly ? ' LIMIT 1' : ''}`, params: [] };
}

export function studyItemsSql(studyId: string, itemId?: string): Sql {
  return itemId === undefined
    ? { sql: 'SELECT id, role, content_json, expected_json, judges_json FROM annotation_items WHERE study_id = ? ORDER BY rowid', params: [studyId] }
    : { sql: 'SELECT id, role, content_json, expected_json, judges_json FROM annotation_items WHERE study_id = ? AND id = ?', params: [studyId, itemId] };
}

export function annotatorsSql(studyId: string): Sql {
  return { sql: 'SELECT id, token_hash AS "tokenHash" FROM annotators WHERE study_id = ? ORDER BY rowid', params: [studyId] };
}

/** `study_id = ?` and one `column = ?` per given value (column names are this file's constants). */
function filtered(studyId: string, columns: Record<string, string | number | undefined>): { where: string; params: unknown[] } {
  const given = Object.entries(columns).filter(([, v]) => v !== undefined);
  return { where: ['study_id = ?', ...given.map(([c]) => `${c} = ?`)].join(' AND '), params: [studyId, ...given.map(([, v]) => v)] };
}

/** Assignments of a study, by annotator and position; optionally one annotator's, one item's, one position's. */
export function assignmentsSql(studyId: string, f: { annotator?: string; item?: string; position?: number } = {}): Sql {
  const { where, params } = filtered(studyId, { annotator_id: f.annotator, item_id: f.item, position: f.position });
  return { sql: `SELECT annotator_id AS "annotator", position, item_id AS "item", presentation FROM annotation_assignments WHERE ${where} ORDER BY annotator_id, position`, params };
}

export function nextAssignmentSql(studyId: string, annotator: string): Sql {
  return {
    sql: `SELECT s.annotator_id AS "annotator", s.position, s.item_id AS "item", s.presentation FROM annotation_assignments s
       WHERE s.study_id = ? AND s.annotator_id = ? AND NOT EXISTS (
         SELECT 1 FROM annotation_answers a WHERE a.study_id = s.study_id AND a.annotator_id = s.annotator_id AND a.item_id = s.item_id)
       ORDER BY s.position LIMIT 1`,
    params: [studyId, annotator],
  };
}

export function annotatorCountsSql(studyId: string, annotator: string): Sql {
  return {
    sql: `SELECT CAST((SELECT count(*) FROM annotation_assignments WHERE study_id = ? AND annotator_id = ?) AS INTEGER) AS "total",
       CAST((SELECT count(*) FROM annotation_answers WHERE study_id = ? AND annotator_id = ?) AS INTEGER) AS "done"`,
    params: [studyId, annotator, studyId, annotator],
  };
}

/** One answer (committed at once); answering an item again replaces the value and counts a revision. */
export function putAnswerSql(studyId: string, a: AnswerDbInput, at: string): Sql {
  return {
    sql: `INSERT INTO annotation_answers (study_id, annotator_id, item_id, value, ms_on_item, ms_hidden, blurs, revisions, answered_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)
       ON CONFLICT (study_id, annotator_id, item_id) DO UPDATE SET value = excluded.value,
         ms_on_item = annotation_answers.ms_on_item + excluded.ms_on_item,
         ms_hidden = annotation_answers.ms_hidden + excluded.ms_hidden,
         blurs = annotation_answers.blurs + excluded.blurs,
         revisions = annotation_answers.revisions + 1, answered_at = excluded.answered_at`,
    params: [studyId, a.annotator, a.item, a.value, a.msOnItem, a.msHidden, a.blurs, at],
  };
}

export function answersSql(studyId: string, f: { annotator?: string; item?: string } = {}): Sql {
  const { where, params } = filtered(studyId, { annotator_id: f.annotator, item_id: f.item });
  return {
    sql: `SELECT annotator_id AS "annotator", item_id AS "item", value, ms_on_item AS "msOnItem", ms_hidden AS "msHidden", blurs, revisions, answered_at AS "answeredAt"
     FROM annotation_answers WHERE ${where} ORDER BY rowid`,
    params,
  };
}

export function studyProgressSql(studyId: string): Sql {
  return {
    sql: `SELECT n.id AS "annotator",
         CAST((SELECT count(*) FROM annotation_answers a WHERE a.study_id = n.study_id AND a.annotator_id = n.id) AS INTEGER) AS "done",
         CAST((SELECT count(*) FROM annotation_assignments s WHERE s.study_id = n.study_id AND s.annotator_id = n.id) AS INTEGER) AS "total",
         (SELECT max(answered_at) FROM annotation_answers a WHERE a.study_id = n.study_id AND a.annotator_id = n.id) AS "lastAnswerAt"
       FROM annotators n WHERE n.study_id = ? ORDER BY n.rowid`,
    params: [studyId],
  };
}
