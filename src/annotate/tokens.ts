/**
 * Annotator tokens: 32 random bytes (base64url) in each annotator's link. The store keeps only
 * their SHA-256; a request's token is hashed and compared with every stored hash of the study in
 * constant time (no early exit, timingSafeEqual). The CSRF token of a session is an HMAC of the
 * study id keyed by the annotator token, so it needs no storage and is useless without the token.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function looksLikeToken(s: string): boolean {
  return TOKEN_RE.test(s);
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The annotator whose stored hash matches `token`, comparing against all of them in constant time. */
export function matchToken<T extends { tokenHash: string }>(token: string, candidates: readonly T[]): T | undefined {
  const wanted = Buffer.from(hashToken(looksLikeToken(token) ? token : ''), 'hex');
  let found: T | undefined;
  for (const c of candidates) {
    const stored = Buffer.from(c.tokenHash, 'hex');
    if (stored.length === wanted.length && timingSafeEqual(stored, wanted) && looksLikeToken(token)) found = c;
  }
  return found;
}

export function csrfToken(token: string, studyId: string): string {
  return createHmac('sha256', token).update(`csrf:${studyId}`).digest('base64url');
}

export function csrfMatches(given: string, token: string, studyId: string): boolean {
  const want = Buffer.from(csrfToken(token, studyId));
  const got = Buffer.from(given);
  return got.length === want.length && timingSafeEqual(got, want);
}
