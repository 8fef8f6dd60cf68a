/**
 * Exports: the CSV `slant certainty humans` reads (item, annotator, label; judges as extra
 * annotators, their names listed for its --judge option) and JSONL with everything recorded.
 */
import { writeCsv } from '../data/write-csv.js';
import { writeJsonl } from '../data/write-jsonl.js';
import type { StudyData } from './answers.js';
import type { QualityReport } from './quality.js';

export async function exportCsv(path: string, data: StudyData, quality: QualityReport, opts: { judges?: boolean } = {}): Promise<{ rows: number; judges: string[] }> {
  const kept = new Set(quality.kept);
  const rows: Record<string, unknown>[] = data.answers.filter((a) => a.role === 'task' && kept.has(a.annotator)).map((a) => ({ item: a.item, annotator: a.annotator, label: a.canonical }));
  const judges = new Set<string>();
  if (opts.judges !== false) {
    const answered = new Set(rows.map((r) => r.item));
    for (const it of data.items) {
      if (it.role !== 'task' || !answered.has(it.id)) continue;
      for (const [j, v] of Object.entries(it.judges)) {
        judges.add(j);
        rows.push({ item: it.id, annotator: j, label: v });
      }
    }
  }
  const n = await writeCsv(path, rows, ['item', 'annotator', 'label']);
  return { rows: n, judges: [...judges].sort() };
}

export async function exportJsonl(path: string, data: StudyData, quality: QualityReport): Promise<number> {
  const why = new Map<string, string[]>();
  for (const e of quality.excluded) why.set(e.annotator, [...(why.get(e.annotator) ?? []), e.filter]);
  const items = new Map(data.items.map((i) => [i.id, i]));
  return writeJsonl(
    path,
    data.answers.map((a) => ({ study: data.study.id, kind: data.kind, ...a, judges: items.get(a.item)?.judges ?? {}, excluded: why.get(a.annotator) ?? [] })),
  );
}
