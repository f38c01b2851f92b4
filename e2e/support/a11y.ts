import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { WEB_URL } from './urls.ts';

/**
 * Accessibility of every storefront page the journeys see, checked by axe-core against WCAG 2.2 AA
 * (2.0, 2.1 and 2.2, levels A and AA). The automatic `a11y` fixture (fixtures.ts) checks the final
 * state of every page a journey leaves open, and each kind of page the journey passed through that
 * no check has covered yet (reloaded in the journey's browser context); `expectAccessible` checks a
 * state in the middle of a journey (a dialog open, a map with its markers).
 */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One rule broken on one page, with the elements that break it (CSS selectors) and why. */
export type TAxeViolation = {
  page: string;
  rule: string;
  impact: string | null;
  help: string;
  nodes: string[];
};

/** What axe finds on the page as it is now (WCAG 2.2 AA). */
export async function axeViolations(page: Page): Promise<TAxeViolation[]> {
  // A journey's paused Playwright clock would stop axe's own timers: let time run for the check.
  if (await page.evaluate(() => '__pwClock' in globalThis).catch(() => false)) await page.clock.resume();
  // Colours are judged at rest: a toast or dialog caught half-faded blends with the page behind it
  // and reads as low contrast. Motion is reduced for the check (sonner and our sheets then skip
  // their transitions), and whatever finite animation still runs is waited for (2 s at most).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page
    .evaluate(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
            .map((a) =>
              a.finished.then(
                () => undefined,
                () => undefined,
              ),
            ),
        ),
        new Promise((resolve) => window.setTimeout(resolve, 2000)),
      ]),
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  await page.emulateMedia({ reducedMotion: null });
  return results.violations.map((violation) => ({
    page: pathOf(page.url()),
    rule: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    nodes: violation.nodes.map(
      (node) => `${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`,
    ),
  }));
}

/** Fails the journey on any WCAG 2.2 AA violation on `page` now; `what` names the state checked. */
export async function expectAccessible(page: Page, what = pathOf(page.url())): Promise<void> {
  const violations = await axeViolations(page);
  scanned.add(routeOf(page.url()));
  expect(violations, `axe (WCAG 2.2 AA) on ${what}`).toEqual([]);
}

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

const isStorefront = (url: string) => url.startsWith(`${WEB_URL}/`) || url === WEB_URL;

/**
 * The kind of page an address shows: its first path segment after the locale, the rest as ':'
 * (`/en/product/plov` and `/product/shashlik-lamb` are both `/product/:`). Words without digits or
 * hyphens stay (`/myorders/:/status`).
 */
export function routeOf(url: string): string {
  const segments = new URL(url).pathname.split('/').filter(Boolean);
  if (segments[0] === 'uz' || segments[0] === 'en') segments.shift();
  const [first, ...rest] = segments;
  if (first === undefined) return '/';
  return `/${[first, ...rest.map((s) => (/^[a-z]+$/.test(s) ? s : ':'))].join('/')}`;
}

/** Kinds of page checked so far in this worker: each is reloaded for a check at most once. */
const scanned = new Set<string>();

/**
 * The automatic fixture's watch over one journey's browser context: the storefront addresses its
 * pages navigated to, and at the end the checks (see the top of this file).
 */
export class A11yWatch {
  private readonly visited = new Set<string>();

  constructor(private readonly context: BrowserContext) {
    const track = (page: Page) => {
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame() && isStorefront(frame.url())) this.visited.add(frame.url());
      });
    };
    for (const page of context.pages()) track(page);
    context.on('page', track);
  }

  /** Every violation on the pages left open, then on the kinds of page visited but not yet checked. */
  async check(): Promise<TAxeViolation[]> {
    const found: TAxeViolation[] = [];
    for (const page of this.context.pages()) {
      if (page.isClosed() || !isStorefront(page.url())) continue;
      await page.waitForLoadState('load');
      // A journey may end on a client-side navigation (its last check the new URL): the new route's
      // <title> comes with its metadata a moment later, and axe would report the page as untitled.
      // Wait for it a little; a page that never gets one is still reported.
      await page
        .waitForFunction(() => document.title.trim() !== '', null, { timeout: 5_000 })
        .catch(() => {});
      found.push(...(await axeViolations(page)));
      scanned.add(routeOf(page.url()));
    }
    for (const url of [...this.visited]) {
      const route = routeOf(url);
      if (scanned.has(route)) continue;
      scanned.add(route);
      const page = await this.context.newPage();
      try {
        await page.goto(url, { waitUntil: 'load' });
        found.push(...(await axeViolations(page)));
      } finally {
        await page.close();
      }
    }
    return found;
  }
}
