/**
 * A real Chromium driven by playwright-core, for the browser tests: CHROMIUM_PATH, the system's
 * (Debian's /usr/bin/chromium), or the one the npm development install brings (@sparticuz/chromium;
 * test-binaries.ts). The browser tests need it (no test is skipped): where none is found, launch
 * fails naming what to install. Each launch has its own temporary profile, removed on close.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_MISSING, findChromium } from './test-binaries.js';

export const CHROMIUM_ARGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export async function launch(): Promise<Browser> {
  const found = await findChromium();
  if (found === undefined) throw new Error(CHROMIUM_MISSING);
  return chromium.launch({
    executablePath: found.path,
    args: CHROMIUM_ARGS,
    env: { ...process.env, ...found.env },
  });
}

/** A page that records console errors, page errors and any request leaving the machine. */
export async function watchedPage(browser: Browser): Promise<{ page: Page; errors: string[]; external: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  const external: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith('file:') && !u.startsWith('data:') && !/^http:\/\/127\.0\.0\.1[:/]/.test(u)) external.push(u);
  });
  return { page, errors, external };
}

/** Every figure's SVG is there and has both axis titles (vega's aria labels). */
export async function figureChecks(page: Page): Promise<{ id: string; svg: boolean; xTitle: boolean; yTitle: boolean }[]> {
  return page.$$eval('figure[data-figure]', (figs) =>
    figs.map((f) => {
      const svg = f.querySelector('svg');
      const labels = [...(svg?.querySelectorAll('[aria-label]') ?? [])].map((e) => e.getAttribute('aria-label') ?? '');
      return { id: f.getAttribute('data-figure') ?? '', svg: svg !== null, xTitle: labels.some((l) => /^X-axis titled '.+'/.test(l)), yTitle: labels.some((l) => /^Y-axis titled '.+'/.test(l)) };
    }),
  );
}

/** What hostile text could have done: a flag set, a javascript: link, injected img or script elements. */
export async function inert(page: Page): Promise<{ pwned: unknown; jsLinks: number; imgs: number; scripts: number }> {
  // a string: evaluated in the page (the tests' TypeScript has no DOM types)
  return page.evaluate(`({
    pwned: window.__pwned,
    jsLinks: document.querySelectorAll('a[href^="javascript:" i], [src^="javascript:" i]').length,
    imgs: document.querySelectorAll('img').length,
    scripts: document.querySelectorAll('script').length,
  })`);
}
