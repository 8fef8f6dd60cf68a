import type { CertaintyMeasurement } from './index.js';
import { fmt, pairSpec, sourceOutputDetail, summaryOf } from '../item-view-common.js';
import type { ItemViewer } from '../item-view.js';

/** The original beside its rewrite. */
const PAIR = { sourceField: 'original', outputField: 'rewrite' };

export const certaintyItems: ItemViewer = {
  summary(input) {
    const m = input.measurement as CertaintyMeasurement;
    const tags: string[] = [];
    if (typeof m.label === 'number' && m.label !== 0) tags.push('changed', m.label > 0 ? 'up' : 'down');
    if (typeof m.sourceCertainty === 'string') tags.push(`stratum:${m.sourceCertainty}`);
    if (typeof m.label === 'string') tags.push(m.label);
    // the items a moderator reviewed (App. D.1), which the moderator table links to
    if (m.moderator) tags.push('moderated');
    // a judge (or moderator) reply that stated no option, or an alignment that could not be read
    if ([...m.calls, ...(m.moderator?.calls ?? [])].some((c) => c.unreadable !== undefined) || m.alignment?.unreadable !== undefined) tags.push('unreadable');
    return summaryOf(input, tags, [['label', fmt(m.label)], ['comparator', m.comparator], ['WED', fmt(m.wed)]]);
  },
  detail(input) {
    const m = input.measurement as CertaintyMeasurement;
    const d = sourceOutputDetail(input, this.summary(input), PAIR);
    const calls = [...m.calls.map((c) => ({ c, who: 'judge' })), ...(m.moderator?.calls ?? []).map((c) => ({ c, who: 'moderator' }))];
    d.sections.unshift(
      ...calls.map(({ c, who }, i) => ({
        title: `${who} answer ${i + 1} (${JSON.stringify(c.presentation)})`,
        text: `score ${fmt(c.score)} · canonical ${fmt(c.canonical)}${c.unreadable !== undefined ? ` · unreadable (${c.unreadable})${c.raw !== undefined ? `\n${c.raw}` : ''}` : ''}${c.reasoning ? `\n${c.reasoning}` : ''}`,
      })),
    );
    if (m.alignment?.unreadable !== undefined) d.sections.unshift({ title: `claim alignment: unreadable (${m.alignment.unreadable})`, text: m.alignment.raw ?? '' });
    return d;
  },
  pair: (input) => pairSpec(input, PAIR),
};
