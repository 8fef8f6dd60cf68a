/** Server-rendered pages of the annotation app; every piece of data goes through escapeHtml. */
import { escapeHtml as e } from '../report/escape.js';
import { isPair } from '../probes/annotation.js';
import { kindText, type StudyKind } from './scale.js';
import type { ItemRow } from './study-store.js';

function layout(title: string, body: string, csrf?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${csrf ? `<meta name="csrf-token" content="${e(csrf)}">` : ''}
<title>${e(title)}</title>
<link rel="stylesheet" href="/static/annotate.css">
</head><body>
${body}
<script src="/static/annotate.js" defer></script>
</body></html>
`;
}

interface ItemPageArgs {
  kind: StudyKind;
  annotator: string;
  item: ItemRow;
  /** a pair: which text is Text A */
  presentation: string | null;
  position: number;
  done: number;
  total: number;
  csrf: string;
  action: string;
  /** the value given before, when the item is revisited */
  previous?: string;
  /** link to the item before this one, if any */
  back?: string;
}

export function itemPage(a: ItemPageArgs): string {
  const t = kindText(a.kind);
  let texts: string;
  if (isPair(t)) {
    // the kind's two fields in the order drawn for this annotator (modified-first: the second field as Text A)
    const [one, two] = t.fields.map((f) => a.item.content[f]);
    const [first, second] = a.presentation === 'modified-first' ? [two, one] : [one, two];
    texts = `<div class="pair">
<section class="text" aria-label="Text A"><h2>Text A</h2><p>${e(first ?? '')}</p></section>
<section class="text" aria-label="Text B"><h2>Text B</h2><p>${e(second ?? '')}</p></section>
</div>`;
  } else {
    texts = t.fields.map((f) => `<section class="text single" aria-label="Text"><p>${e(a.item.content[f] ?? '')}</p></section>`).join('\n');
  }
  const options = t.options
    .map(
      (o, i) => `<label class="option"><input type="radio" name="value" value="${e(o.value)}" data-key="${e(o.key)}" required${o.value === a.previous ? ' checked' : ''}${i === 0 ? ' autofocus' : ''}>
<span class="label">${e(o.label)}</span><kbd>${e(o.key)}</kbd></label>`,
    )
    .join('\n');
  const pct = a.total ? Math.round((100 * a.done) / a.total) : 0;
  const body = `<main>
<header>
<h1>${e(t.title)}</h1>
<p class="who">Annotator <strong>${e(a.annotator)}</strong></p>
<progress class="progress" max="${a.total}" value="${a.done}" aria-label="progress">${pct}%</progress>
<p class="count">Item ${a.position + 1} of ${a.total} · ${a.done} answered${a.previous !== undefined ? ' · you answered this one already; Next saves a change' : ''}</p>
</header>
<details class="instructions"${a.done === 0 ? ' open' : ''}><summary>Instructions</summary>
${t.instructions.map((p) => `<p>${e(p)}</p>`).join('\n')}
<p class="keys">Keyboard: ${t.options.map((o) => `<kbd>${e(o.key)}</kbd> ${e(o.label)}`).join(' · ')} · <kbd>Enter</kbd> next</p>
</details>
${texts}
<form id="answer-form" method="post" action="${e(a.action)}" data-item="${e(a.item.id)}">
<fieldset><legend>${e(t.question)}</legend>
<div class="options options-${t.options.length}">
${options}
</div>
${t.note ? `<p class="note">${e(t.note)}</p>` : ''}
</fieldset>
<input type="hidden" name="csrf" value="${e(a.csrf)}">
<input type="hidden" name="item" value="${e(a.item.id)}">
<input type="hidden" name="msOnItem" value="0">
<input type="hidden" name="msHidden" value="0">
<input type="hidden" name="blurs" value="0">
<div class="nav">${a.back ? `<a class="back" href="${e(a.back)}">Back</a>` : ''}<button type="submit" class="next">Next <kbd>Enter</kbd></button></div>
</form>
</main>`;
  return layout(`${t.title} (${a.done + 1}/${a.total})`, body, a.csrf);
}

export function donePage(annotator: string, total: number): string {
  return layout(
    'Thank you',
    `<main><header><h1>All done — thank you!</h1><p class="who">Annotator <strong>${e(annotator)}</strong></p></header>
<p>You answered all ${total} items. Your answers are saved; you can close this tab.</p></main>`,
  );
}

export function messagePage(title: string, message: string): string {
  return layout(title, `<main><h1>${e(title)}</h1><p>${e(message)}</p></main>`);
}
