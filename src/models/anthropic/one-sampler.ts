/**
 * Newer Claude models (Opus 4.1, and Opus/Sonnet/Haiku 4.5 and later) answer HTTP 400
 * "`temperature` and `top_p` cannot both be specified for this model" when a request sets both.
 * Which one to send, with a warning for the one left out:
 * - temperature 1 is the API's default, so top_p alone samples exactly as both would (this is the
 *   certainty "top-p" setting: temperature 1, top_p 0.9);
 * - top_p 1 keeps every token, so temperature alone samples exactly as both would;
 * - otherwise both change sampling and one must go: temperature is sent (the setting every probe
 *   and mitigation sets first) and top_p is reported as not applied.
 */
import type { Warning } from '../types.js';
import { unsupported } from '../warnings.js';

/** Whether the model refuses temperature and top_p in one request (by its id, dated or not). */
export function takesOneSampler(model: string): boolean {
  const m = /^claude-(opus|sonnet|haiku)-(\d+)(?:-(\d{1,2}))?(?:-|$)/.exec(model);
  if (m === null) return false;
  const major = Number(m[2]);
  const minor = m[3] === undefined ? 0 : Number(m[3]);
  if (major !== 4) return major > 4;
  return minor >= 5 || (m[1] === 'opus' && minor >= 1);
}

/** The sampling fields of the request body for `model`, and the warning when one was left out. */
export function samplingFields(model: string, temperature: number | undefined, topP: number | undefined): { fields: { temperature?: number; top_p?: number }; warning?: Warning } {
  const fields: { temperature?: number; top_p?: number } = {};
  if (temperature !== undefined) fields.temperature = temperature;
  if (topP !== undefined) fields.top_p = topP;
  if (temperature === undefined || topP === undefined || !takesOneSampler(model)) return { fields };
  if (temperature === 1) {
    return { fields: { top_p: topP }, warning: unsupported('temperature', `anthropic: ${model} takes temperature or top_p, not both; sent top_p ${topP} alone (temperature 1 is the API's default, so sampling is unchanged)`) };
  }
  if (topP === 1) {
    return { fields: { temperature }, warning: unsupported('topP', `anthropic: ${model} takes temperature or top_p, not both; sent temperature ${temperature} alone (top_p 1 keeps every token, so sampling is unchanged)`) };
  }
  return { fields: { temperature }, warning: unsupported('topP', `anthropic: ${model} takes temperature or top_p, not both; sent temperature ${temperature}, top_p ${topP} NOT applied`) };
}
