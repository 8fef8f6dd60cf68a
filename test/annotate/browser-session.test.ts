/**
 * Two annotators through a whole certainty study in real Chromium: one by keyboard only on a
 * desktop window (with a reload and a closed tab mid-session, and time off-screen), one by taps on
 * a phone-sized screen; then the stored answers and the statistics.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Store } from '../../src/runtime/store.js';
import { createStudy, getAnswers, getAssignments } from '../../src/annotate/study-store.js';
import { startAnnotateServer, type AnnotateServer } from '../../src/annotate/server.js';
import { loadStudyData } from '../../src/annotate/answers.js';
import { studyStats } from '../../src/annotate/study-stats.js';
import { NO_FILTERS, DEFAULT_QUALITY } from '../../src/annotate/quality.js';
import { kendallTauB } from '../../src/stats/kendall.js';
import { launch } from '../helpers/browser.js';

// original / rewrite pairs; what each annotator means in canonical terms (+ = rewrite more certain)
const PAIRS = [
  { id: 'p1', original: 'Coffee may slightly reduce the risk of stroke.', rewrite: 'Coffee reduces the risk of stroke.', judge: '2', a: 2, b: 1 },
  { id: 'p2', original: 'The drug cures the infection.', rewrite: 'The drug might help with the infection.', judge: '-2', a: -2, b: -1 },
  { id: 'p3', original: 'Results suggest a link to sleep.', rewrite: 'Results suggest a connection with sleep.', judge: '0', a: 0, b: 0 },
  { id: 'p4', original: 'Exercise possibly improves memory.', rewrite: 'Exercise improves memory.', judge: '1', a: 1, b: 2 },
  { id: 'p5', original: 'Walnuts lower cholesterol.', rewrite: 'Walnuts could lower cholesterol.', judge: '-1', a: -1, b: 0 },
];
const KEYS: Record<string, string> = { '-2': '1', '-1': '2', '0': '3', '1': '4', '2': '5' };
const LABELS: Record<string, string> = { '-2': 'Clearly A', '-1': 'Slightly A', '0': 'No clear difference', '1': 'Slightly B', '2': 'Clearly B' };

describe('annotate in a browser', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slant-annotate-browser-'));
  let store: Store;
  let srv: AnnotateServer;
  let browser: Browser;
  let links: Record<string, string>;

  beforeAll(async () => {
    store = Store.open(join(dir, 'slant.db'));
    const items = PAIRS.map((p) => ({ id: p.id, role: 'task' as const, content: { original: p.original, rewrite: p.rewrite }, judges: { 'judge-x': p.judge } }));
    const { tokens } = (await createStudy(store, { kind: 'certainty', items, annotators: ['alice', 'bob'], k: 2, attention: 1, seed: 11, source: { test: true }, id: 'browser' }));
    srv = await startAnnotateServer(store, 'browser');
    links = Object.fromEntries(tokens.map((t) => [t.annotator, `${srv.url}/a/${t.token}`]));
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
    store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What the page shows: the item, whether it is the attention check, and the canonical → A/B mapping. */
  async function current(page: Page): Promise<{ item: string; attention: boolean; textA: string; count: string }> {
    const item = (await page.locator('#answer-form').getAttribute('data-item')) ?? '';
    const textA = (await page.locator('section[aria-label="Text A"] p').textContent()) ?? '';
    const count = (await page.locator('.count').textContent()) ?? '';
    return { item, attention: item.startsWith('attention-'), textA, count };
  }

  /** Do `act` (which submits the form) and wait until the next item's page has loaded. */
  async function submitted(page: Page, link: string, act: () => Promise<void>): Promise<void> {
    // the POST answers 303 → GET link; wait for that document to commit, then to load
    const nav = page.waitForEvent('framenavigated', (f) => f === page.mainFrame() && f.url() === link);
    await act();
    await nav;
    await page.waitForLoadState('load');
  }

  /** The A/B answer (−2..2) that means `canonical` given which text is shown as Text A. */
  function ordered(item: string, textA: string, canonical: number): string {
    const pair = PAIRS.find((p) => p.id === item)!;
    const originalFirst = textA === pair.original;
    const v = originalFirst ? canonical : -canonical;
    return String(v === 0 ? 0 : v);
  }

  it('alice: keyboard only, a reload, a closed tab and time off-screen', async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    // the strict CSP must not block anything slant itself serves
    const violations: string[] = [];
    context.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    let page = await context.newPage();
    await page.goto(links.alice!);
    let answered = 0;
    const total = (await getAssignments(store, 'browser', 'alice')).length;
    expect(total).toBe(6);
    while (answered < total) {
      const c = await current(page);
      expect(c.count).toContain(`Item ${answered + 1} of ${total}`);
      let value: string;
      if (c.attention) {
        // the check names the button to press
        value = /Clearly B/.test(c.textA) ? '2' : '-2';
        expect(c.textA).toContain('attention check');
      } else value = ordered(c.item, c.textA, PAIRS.find((p) => p.id === c.item)!.a);
      if (answered === 1) {
        // reload mid-item: the time spent before the reload is kept
        await page.waitForTimeout(400);
        await page.reload();
        expect((await current(page)).item).toBe(c.item);
      }
      if (answered === 2) {
        // off-screen: the window loses focus for a while
        await page.evaluate("window.dispatchEvent(new Event('blur'))");
        await page.waitForTimeout(350);
        await page.evaluate("window.dispatchEvent(new Event('focus'))");
      }
      if (answered === 3) {
        // close the tab and come back through the same link
        await page.waitForTimeout(300);
        await page.close();
        page = await context.newPage();
        await page.goto(links.alice!);
        expect((await current(page)).item).toBe(c.item);
      }
      await page.keyboard.press(KEYS[value]!);
      expect(await page.locator(`input[name="value"][value="${value}"]`).isChecked()).toBe(true);
      await submitted(page, links.alice!, () => page.keyboard.press('Enter'));
      answered++;
      // every answer is in the store as soon as the next page is there
      expect((await getAnswers(store, 'browser', 'alice'))).toHaveLength(answered);
    }
    await expect(page.locator('h1').textContent()).resolves.toContain('All done');
    await context.close();
    expect(violations).toEqual([]);

    const rows = (await getAnswers(store, 'browser', 'alice'));
    const order = (await getAssignments(store, 'browser', 'alice')).map((a) => a.item);
    const byItem = new Map(rows.map((r) => [r.item, r]));
    expect(byItem.get(order[1]!)!.msOnItem).toBeGreaterThanOrEqual(400);
    expect(byItem.get(order[2]!)!.msHidden).toBeGreaterThanOrEqual(300);
    expect(byItem.get(order[2]!)!.blurs).toBe(1);
    expect(byItem.get(order[3]!)!.msOnItem).toBeGreaterThanOrEqual(300);
    for (const r of rows) expect(r.msHidden).toBeLessThanOrEqual(r.msOnItem);
  });

  it('bob: taps on a phone-sized screen and misses the attention check', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(links.bob!);
    // the two texts stack on a narrow screen, and nothing is wider than it
    const a = await page.locator('section[aria-label="Text A"]').boundingBox();
    const b = await page.locator('section[aria-label="Text B"]').boundingBox();
    expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    for (;;) {
      if ((await page.locator('#answer-form').count()) === 0) break;
      const c = await current(page);
      const value = c.attention ? '0' : ordered(c.item, c.textA, PAIRS.find((p) => p.id === c.item)!.b);
      await page.getByText(LABELS[value]!, { exact: true }).tap();
      await submitted(page, links.bob!, () => page.locator('button.next').tap());
    }
    await context.close();
    expect((await getAnswers(store, 'browser', 'bob'))).toHaveLength(6);
  });

  it('framing by keyboard: p, n and u pick positive, negative and neutral; Enter on Back revisits an answer', async () => {
    const texts: Record<string, string> = { f1: 'I love it.', f2: 'It broke at once.', f3: 'It arrived on Monday.' };
    const want: Record<string, string> = { f1: 'p', f2: 'n', f3: 'u' };
    const { tokens } = (await createStudy(store, { kind: 'framing', items: Object.entries(texts).map(([id, text]) => ({ id, role: 'task' as const, content: { text } })), annotators: ['carol'], k: 1, attention: 0, source: {}, id: 'framing-kb' }));
    const srv2 = await startAnnotateServer(store, 'framing-kb');
    const link = `${srv2.url}/a/${tokens[0]!.token}`;
    const page = await browser.newPage();
    await page.goto(link);
    let firstItem = '';
    for (let i = 0; i < 3; i++) {
      if (i === 1) {
        // keyboard on the Back link: Enter follows it; the earlier answer is shown; Enter saves it again
        await page.focus('a.back');
        const nav = page.waitForEvent('framenavigated', (f) => f === page.mainFrame() && f.url().includes('/item/'));
        await page.keyboard.press('Enter');
        await nav;
        await page.waitForLoadState('load');
        expect(await page.locator('#answer-form').getAttribute('data-item')).toBe(firstItem);
        expect(await page.locator('input[name="value"]:checked').getAttribute('value')).toBe({ p: 'positive', n: 'negative', u: 'neutral' }[want[firstItem]!]);
        await submitted(page, link, () => page.keyboard.press('Enter'));
      }
      const item = (await page.locator('#answer-form').getAttribute('data-item'))!;
      if (i === 0) firstItem = item;
      await page.keyboard.press(want[item]!);
      await submitted(page, link, () => page.keyboard.press('Enter'));
    }
    await page.close();
    await srv2.close();
    const stored = Object.fromEntries((await getAnswers(store, 'framing-kb')).map((a) => [a.item, a.value]));
    expect(stored).toEqual({ f1: 'positive', f2: 'negative', f3: 'neutral' });
    expect((await getAnswers(store, 'framing-kb')).find((a) => a.item === firstItem)!.revisions).toBe(1);
  });

  it('stores canonical answers and computes the statistics from them', async () => {
    const data = (await loadStudyData(store, 'browser'));
    const canon = (who: string) => new Map(data.answers.filter((r) => r.annotator === who && r.role === 'task').map((r) => [r.item, Number(r.canonical)]));
    const alice = canon('alice');
    const bob = canon('bob');
    for (const p of PAIRS) {
      expect(alice.get(p.id)).toBe(p.a);
      expect(bob.get(p.id)).toBe(p.b);
    }
    // the A/B order was randomised and stored: the clicked value is the canonical one or its negation
    const presentations = new Set(data.answers.filter((r) => r.role === 'task').map((r) => r.presentation));
    expect(presentations).toEqual(new Set(['original-first', 'modified-first']));
    const att = data.answers.filter((r) => r.role === 'attention');
    expect(att.map((r) => [r.annotator, r.correct])).toEqual(expect.arrayContaining([['alice', true], ['bob', false]]));

    // default filters: bob failed the attention check
    const filtered = studyStats(data, { quality: DEFAULT_QUALITY, resamples: 200 });
    expect(filtered.quality.excluded).toEqual([expect.objectContaining({ annotator: 'bob', filter: 'attention' })]);
    expect(filtered.quality.kept).toEqual(['alice']);

    const s = studyStats(data, { quality: NO_FILTERS, resamples: 200 });
    const ids = PAIRS.map((p) => p.id);
    // with two annotators the leave-one-out consensus of each is the other
    const tau = kendallTauB(ids.map((i) => alice.get(i)!), ids.map((i) => bob.get(i)!)).tau;
    expect(s.annotators.map((a) => a.tauB)).toEqual([tau, tau]);
    const judge = kendallTauB(PAIRS.map((p) => Number(p.judge)), PAIRS.map((p) => (p.a + p.b) / 2)).tau;
    expect(s.judges[0]!.tauB).toBeCloseTo(judge, 12);
    expect(s.judges[0]!.gap.value).toBeCloseTo(judge - tau, 12);
    // judge card: direction of the mean human answer (+, −, 0, +, −) against the judge's (+, −, 0, +, −)
    expect(s.cards[0]).toMatchObject({ task: 'certainty', judge: 'judge-x', version: 'unknown', n: 5, accuracy: 1, labels: ['−', '0', '+'], confusion: [[2, 0, 0], [0, 1, 0], [0, 0, 2]] });
    expect(s.alpha.ordinal).not.toBeNull();
  });
});
