// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { type CardState, writeCardStates } from './card-state';

/** Two cards as the server renders them: 'osh' added straight to the cart, 'kazan' chosen first. */
function grid(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `
    <article data-product-slug="osh"><p class="mc-note" data-count="0"></p><button class="mc-btn mc-add">Add</button></article>
    <article data-product-slug="kazan"><p class="mc-note" data-count="0"></p><a class="mc-btn mc-choose">Choose</a></article>
    <article data-product-slug="gone"><p class="mc-note" data-count="0"></p><button class="mc-btn mc-add">Add</button></article>`;
  return root;
}

const text = (count: number) => `In the cart: ${count}`;
const card = (root: HTMLElement, slug: string) =>
  root.querySelector(`[data-product-slug="${slug}"]`) as HTMLElement;

describe("writeCardStates: the cart's count and the busy button written into the cards (issue 11)", () => {
  it('shows the count in a badge, marks a busy button disabled, and leaves an unknown card alone', () => {
    const root = grid();
    const states: Record<string, CardState> = {
      osh: { count: 2, busy: true },
      kazan: { count: 1, busy: false },
    };
    writeCardStates(root, (slug) => states[slug], text);
    const note = card(root, 'osh').querySelector('p') as HTMLElement;
    expect(note.dataset.count).toBe('2');
    expect(note.textContent).toBe('✓ In the cart: 2');
    expect(note.querySelector('[aria-hidden="true"]')?.textContent).toBe('✓ ');
    expect(note.firstElementChild?.className).toContain('rounded-full');
    const busy = card(root, 'osh').querySelector('button');
    // Marked, not disabled: a focused button that turns disabled loses its focus.
    expect(busy?.getAttribute('aria-disabled')).toBe('true');
    expect(busy?.disabled).toBe(false);
    expect(card(root, 'kazan').querySelector('p')?.textContent).toBe('✓ In the cart: 1');
    // No state for it: as the server rendered it.
    expect(card(root, 'gone').querySelector('p')?.dataset.count).toBe('0');
    expect(card(root, 'gone').querySelector('p')?.textContent).toBe('');
  });

  it('writes only what changed, and empties the note at 0', () => {
    const root = grid();
    writeCardStates(root, () => ({ count: 1, busy: false }), text);
    const badge = card(root, 'osh').querySelector('p span');
    // The same count again: the badge is not replaced.
    writeCardStates(root, () => ({ count: 1, busy: false }), text);
    expect(card(root, 'osh').querySelector('p span')).toBe(badge);
    writeCardStates(root, () => ({ count: 3, busy: false }), text);
    expect(card(root, 'osh').querySelector('p')?.textContent).toBe('✓ In the cart: 3');
    writeCardStates(root, () => ({ count: 0, busy: false }), text);
    const note = card(root, 'osh').querySelector('p') as HTMLElement;
    expect(note.dataset.count).toBe('0');
    expect(note.childNodes).toHaveLength(0);
    expect(card(root, 'osh').querySelector('button')?.hasAttribute('aria-disabled')).toBe(false);
  });
});
