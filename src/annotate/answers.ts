/** A study's answers joined with their items and assignments, in the study's canonical terms. */
import { canonicalAnswer, type StudyKind } from './scale.js';
import { getAnswers, getAssignments, getItems, getStudy, type ItemRole, type ItemRow, type StudyRecords, type StudyRow } from './study-store.js';

export interface AnswerRecord {
  annotator: string;
  item: string;
  role: ItemRole;
  /** what the annotator chose (certainty: the A/B answer) */
  value: string;
  /** analysed value (certainty: −2..2, positive = the rewrite is more certain) */
  canonical: string;
  presentation: string | null;
  /** attention and gold items: did the answer match? */
  correct: boolean | null;
  msOnItem: number;
  msHidden: number;
  blurs: number;
  revisions: number;
  answeredAt: string;
}

export interface StudyData {
  study: StudyRow;
  kind: StudyKind;
  items: ItemRow[];
  answers: AnswerRecord[];
  /** annotator → assigned item count */
  assigned: Map<string, number>;
}

export async function loadStudyData(store: StudyRecords, studyId?: string): Promise<StudyData> {
  const study = await getStudy(store, studyId);
  const items = await getItems(store, study.id);
  const byId = new Map(items.map((i) => [i.id, i]));
  const assignments = await getAssignments(store, study.id);
  const presentation = new Map(assignments.map((a) => [`${a.annotator}\u0000${a.item}`, a.presentation]));
  const assigned = new Map<string, number>();
  for (const a of assignments) assigned.set(a.annotator, (assigned.get(a.annotator) ?? 0) + 1);
  const answers = (await getAnswers(store, study.id)).map((a): AnswerRecord => {
    const item = byId.get(a.item)!;
    const p = presentation.get(`${a.annotator}\u0000${a.item}`) ?? null;
    const canonical = canonicalAnswer(study.kind, a.value, p);
    // attention items are checked on what was clicked (their texts name the button); gold items on the canonical answer
    const correct = item.expected === null ? null : item.role === 'attention' ? item.expected.includes(a.value) : item.expected.includes(canonical);
    return { ...a, role: item.role, canonical, presentation: p, correct };
  });
  return { study, kind: study.kind, items, answers, assigned };
}
