import type { ZodType } from 'zod';

/**
 * Why `value` is not usable text for a required canonical field, or undefined when it is:
 * present, a string, non-empty after trimming.
 */
export function textProblem(value: unknown, canonical: string, source: string): string | undefined {
  const from = source === canonical ? '' : ` (source field "${source}")`;
  if (value === undefined) return `field "${canonical}" is missing${from}; expected non-empty text`;
  if (value === null) return `field "${canonical}" is null${from}; expected non-empty text`;
  if (typeof value !== 'string') {
    const kind = Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return `field "${canonical}" is ${kind}${from}; expected text (a string)`;
  }
  if (value.trim() === '') return `field "${canonical}" is empty${from}; expected non-empty text`;
  return undefined;
}

export interface SchemaIssue {
  /** the first path element (the canonical field), when there is one */
  field?: string;
  message: string;
}

export type SchemaResult = { ok: true; value: unknown } | { ok: false; issues: SchemaIssue[] };

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
