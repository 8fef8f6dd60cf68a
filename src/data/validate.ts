import type { ZodType } from 'zod';

/**
 * Why `value` is not usable text for a required canonical field, or undefined when it is:
 * present, a string, non-empty after trimming.
 */
export function textProblem(value: unknown, canonical: string, source: string, opts: { sentences?: boolean } = {}): string | undefined {
  const from = source === canonical ? '' : ` (source field "${source}")`;
  const expected = opts.sentences === true ? 'non-empty text or an array of sentences' : 'non-empty text';
  if (value === undefined) return `field "${canonical}" is missing${from}; expected ${expected}`;
  if (value === null) return `field "${canonical}" is null${from}; expected ${expected}`;
  if (opts.sentences === true && Array.isArray(value)) {
    if (value.length === 0) return `field "${canonical}" is an empty array${from}; expected at least one sentence`;
    const bad = value.findIndex((s) => typeof s !== 'string' || s.trim() === '');
    if (bad >= 0) return `field "${canonical}[${bad}]"${from} is ${typeof value[bad] === 'string' ? 'empty' : `not text (${value[bad] === null ? 'null' : typeof value[bad]})`}; expected each sentence as non-empty text`;
    return undefined;
  }
  if (typeof value !== 'string') {
    const kind = Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return `field "${canonical}" is ${kind}${from}; expected text (a string)`;
  }
  if (value.trim() === '') return `field "${canonical}" is empty${from}; expected non-empty text`;
  return undefined;
}

interface SchemaIssue {
  /** the first path element (the canonical field), when there is one */
  field?: string;
  message: string;
}

type SchemaResult = { ok: true; value: unknown } | { ok: false; issues: SchemaIssue[] };

/** Validates a canonical record with a zod schema; issues become messages naming field and expectation. */
export function checkSchema(schema: ZodType, record: unknown): SchemaResult {
  const result = schema.safeParse(record);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues.map((issue): SchemaIssue => {
    const path = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p))).join('.').replace(/\.\[/g, '[');
    const head = path === '' ? 'record' : `field "${path}"`;
    const first = issue.path[0];
    return {
      ...(first !== undefined ? { field: String(first) } : {}),
      message: `${head}: ${issue.message}`,
    };
  });
  return { ok: false, issues };
}
