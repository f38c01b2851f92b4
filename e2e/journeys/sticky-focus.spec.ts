import { expect, t, test } from '../support/fixtures.ts';

/**
 * WCAG 2.2, 2.4.11 Focus Not Obscured: the sticky header (and on the menu, the category bar stuck
 * under it) must not cover what keyboard focus moves to. Walking back up the menu with Shift+Tab makes
 * the browser scroll each card's link and button into view at the top edge, right where the bars are
 * (globals.css: the root's scroll padding, the cards' scroll margin).
 */
for (const viewport of [
  { name: 'a phone', width: 390, height: 844 },
  { name: 'a desktop', width: 1280, height: 800 },
]) {
  test(`on ${viewport.name}, focus moving up the menu is never hidden under the sticky bars`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: t('ru', 'menu.categoriesLabel') });
    await expect(bar).toBeVisible();

    // From the last card, at the bottom of the page, back up through a dozen cards.
    const cards = page.getByTestId('product-card');
    const last = cards.last();
    await last.scrollIntoViewIfNeeded();
    await last.getByRole('link').first().focus();
    let moved = 0;
    for (let step = 0; step < 24; step++) {
      await page.keyboard.press('Shift+Tab');
      const seen = await page.evaluate(() => {
        const focused = document.activeElement;
        if (!focused?.closest('[data-testid="product-card"]')) return null;
        const header = document.querySelector('header');
        const nav = document.querySelector('[data-testid="category-bar"]')?.closest('nav');
        if (!header || !nav) throw new Error('no sticky header or category bar');
        const covered = Math.max(header.getBoundingClientRect().bottom, nav.getBoundingClientRect().bottom);
        return { top: focused.getBoundingClientRect().top, covered, name: focused.textContent };
      });
      if (seen === null) continue;
      moved++;
      expect(seen.top, `"${seen.name}" is focused under the sticky bars`).toBeGreaterThanOrEqual(
        seen.covered,
      );
    }
    expect(moved).toBeGreaterThan(12);
  });
}
