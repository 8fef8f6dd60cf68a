/* eslint-disable no-control-regex -- matching terminal control characters is what this file is for */
/**
 * Text safe to print on a terminal: no control characters from model answers, dataset names or
 * labels can set the window title, clear the screen, move the cursor or overwrite a line.
 * Applied once, to everything slant writes to stdout and stderr (src/cli/terminal-guard.ts).
 */

// Whole escape sequences are removed, not only their ESC byte (else `]0;title` would remain):
// OSC (ESC ] … BEL | ESC \, also unterminated), DCS/SOS/PM/APC (ESC P|X|^|_ … ESC \), CSI
// (ESC [ params final), other two-byte escapes; and their 8-bit C1 forms.
const SEQUENCE = new RegExp(
  [
    '(?:\\x1b\\]|\\x9d)[^\\x07\\x1b\\x9c]*(?:\\x07|\\x1b\\\\|\\x9c|$)',
    '(?:\\x1b[PX^_]|[\\x90\\x98\\x9e\\x9f])[^\\x1b\\x9c]*(?:\\x1b\\\\|\\x9c|$)',
    '(?:\\x1b\\[|\\x9b)[\\x30-\\x3f]*[\\x20-\\x2f]*[\\x40-\\x7e]?',
    '\\x1b[\\x20-\\x2f]*[\\x30-\\x7e]?',
  ].join('|'),
  'g',
);
/** C0 controls except tab and newline, DEL, and C1 controls */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;
/**
 * Bidirectional controls (embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, the
 * marks U+200E/U+200F and U+061C): invisible, they reorder what the terminal shows ("Trojan
 * Source"), so a model answer could make a table row or a warning read differently than it is.
 */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** anything stripControlChars removes (the fast path skips text without any) */
const ANY = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** The colour codes slant's own tables use (cyan, grey, default colour), each with a private-use stand-in. */
const OWN_COLOURS: Record<string, string> = { '\x1b[36m': '\u{F8F0}', '\x1b[90m': '\u{F8F1}', '\x1b[39m': '\u{F8F2}' };
const STAND_INS = /[\u{F8F0}-\u{F8F2}]/gu;

/**
 * `text` without terminal control characters: C0 (except `\n` and `\t`), DEL, C1, bidirectional
 * controls, and every escape sequence (OSC title-setting, CSI clear-screen and cursor moves, …). With `keepColours`
 * only the exact foreground colours slant's tables use survive (`ESC[36m`, `ESC[90m`,
 * `ESC[39m`): the worst a model answer can do with them is tint text cyan or grey.
 */
export function stripControlChars(text: string, opts: { keepColours?: boolean } = {}): string {
  if (!ANY.test(text)) return text;
  if (opts.keepColours !== true) return text.replace(SEQUENCE, '').replace(CONTROL, '').replace(BIDI, '');
  const back = Object.fromEntries(Object.entries(OWN_COLOURS).map(([code, c]) => [c, code]));
  return text
    .replace(STAND_INS, '')
    .replace(/\x1b\[(?:36|90|39)m/g, (m) => OWN_COLOURS[m] ?? '')
    .replace(SEQUENCE, '')
    .replace(CONTROL, '')
    .replace(BIDI, '')
    .replace(STAND_INS, (c) => back[c] ?? '');
}
