/** Strict UTF-8: invalid bytes are an error, never silently replaced with U+FFFD. */
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** The text of `bytes`, or undefined when they are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return strict.decode(bytes);
  } catch {
    return undefined;
  }
}

/** The text of `bytes` with invalid sequences replaced by U+FFFD (only for text already reported as bad). */
export function decodeUtf8Lenient(bytes: Uint8Array): string {
  return lenient.decode(bytes);
}

export function invalidUtf8Message(line: number): string {
  return `invalid UTF-8 on line ${line}; expected UTF-8 text (re-encode the file, e.g. iconv -f latin1 -t utf-8)`;
}
