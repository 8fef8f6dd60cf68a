/** A quoted field that ran over lines and was then "closed" by a quote followed by something else. */
interface BrokenQuote {
  /** the line where the quoted field opened */
  opened: number;
  /** the line of the quote that ended it */
  at: number;
  /** the character after that quote */
  after: string;
}

/**
 * Follows quoted fields line by line the way csv-parse reads them (RFC 4180 quotes; with
 * `relax_quotes`, a quote inside an unquoted field is a literal character). It finds what the parser
 * passes over silently: a field whose opening quote is never closed properly. The parser reads such
 * a field across line ends until some later quote, and when that quote is followed by neither a
 * delimiter nor the line's end it goes on reading the field as unquoted text: the rows in between
 * become part of one field of one record, and are gone. Only lines holding a quote are scanned,
 * quote to quote.
 */
export class QuoteTracker {
  private readonly delimiter: string;
  /** line where the quoted field being read opened; undefined outside quotes */
  private openedOn: number | undefined;
  /** fields that swallowed lines, in file order, not yet taken */
  readonly broken: BrokenQuote[] = [];

  constructor(delimiter: string) {
    this.delimiter = delimiter;
  }

  /** The line where a quoted field still open at this point of the file opened. */
  get open(): number | undefined {
    return this.openedOn;
  }

  /** Read one physical line (without its line end). */
  line(text: string, line: number): void {
    for (let i = text.indexOf('"'); i !== -1; i = text.indexOf('"', i + 1)) {
      if (this.openedOn === undefined) {
        // a quote opens a field only at its start; elsewhere it is a literal character
        if (i === 0 || text[i - 1] === this.delimiter) this.openedOn = line;
        continue;
      }
      const next = text[i + 1];
      if (next === '"') {
        i += 1; // an escaped quote
        continue;
      }
      if (next !== undefined && next !== this.delimiter) {
        if (this.openedOn !== line) this.broken.push({ opened: this.openedOn, at: line, after: next });
      }
      this.openedOn = undefined;
    }
  }

  /** The broken field that opened within lines [from, to], dropping any that opened before `from`. */
  take(from: number, to: number): BrokenQuote | undefined {
    while (this.broken.length > 0 && (this.broken[0]?.opened ?? Infinity) < from) this.broken.shift();
    const first = this.broken[0];
    if (first === undefined || first.opened > to) return undefined;
    this.broken.shift();
    return first;
  }
}

/** What is wrong with a broken quoted field, for a message located at the line where it opened. */
export function brokenQuoteMessage(b: BrokenQuote, recordEnd: number): string {
  return (
    `the quoted field opened on line ${b.opened} is never closed properly: the next quote (line ${b.at}) is followed by ${JSON.stringify(b.after)}, ` +
    `not a delimiter or the end of the line, so lines ${b.opened}–${recordEnd} (and the rows on them) would be read as one record`
  );
}
