/**
 * What of a menu card changes after it is rendered: how many of its product the cart holds and
 * whether an add of it is under way. The grid writes it into the cards' markup (issue 11), so that a
 * card's markup depends on its product alone: the server's HTML of a card stays valid as long as its
 * product does, and the grid keeps it instead of hydrating it (`menu-grid.tsx`). Only this module
 * writes these two things; React renders them as the server does (an empty note counting 0, a button
 * not marked disabled) and never changes them.
 */
export type CardState = {
  /** How many of the product the cart holds (0 until the stored cart is read). */
  count: number;
  /** An add of the product is under way: its 'Add' button is marked disabled (`aria-disabled`). */
  busy: boolean;
};

/** The badge the card's note shows while the cart holds the product ('✓ In the cart: 2'). */
const BADGE_CLASS =
  'inline-block rounded-full bg-brand-700 px-2.5 py-1 text-xs font-bold text-white shadow-card';

/**
 * Brings every card under `root` (an `article[data-product-slug]`) in line with its product's state:
 * the note's count and badge (`p.mc-note`) and the 'Add' button's `aria-disabled` (`button.mc-add`).
 * Writes only what differs, so it can run after every render; a card whose slug `stateOf` does not
 * know is left as it is.
 */
export function writeCardStates(
  root: ParentNode,
  stateOf: (slug: string) => CardState | undefined,
  inCartText: (count: number) => string,
): void {
  for (const card of root.querySelectorAll<HTMLElement>('article[data-product-slug]')) {
    const state = stateOf(card.dataset.productSlug ?? '');
    if (!state) continue;
    const note = card.querySelector<HTMLElement>('p.mc-note');
    if (note) writeNote(note, state.count, inCartText);
    const add = card.querySelector<HTMLButtonElement>('button.mc-add');
    if (add) writeBusy(add, state.busy);
  }
}

/**
 * A busy 'Add' says so with `aria-disabled`, not `disabled`: a button disabled while it has focus
 * drops the focus to the page (a keyboard or screen reader user pressing Enter on it would lose their
 * place). It still takes clicks; the grid ignores those of a product already being added.
 */
function writeBusy(button: HTMLButtonElement, busy: boolean): void {
  if ((button.getAttribute('aria-disabled') === 'true') === busy) return;
  if (busy) button.setAttribute('aria-disabled', 'true');
  else button.removeAttribute('aria-disabled');
}

function writeNote(note: HTMLElement, count: number, inCartText: (count: number) => string): void {
  const shown = String(count);
  if (note.dataset.count === shown) return;
  note.dataset.count = shown;
  if (count <= 0) {
    note.replaceChildren();
    return;
  }
  const doc = note.ownerDocument;
  const badge = doc.createElement('span');
  badge.className = BADGE_CLASS;
  const tick = doc.createElement('span');
  tick.setAttribute('aria-hidden', 'true');
  tick.textContent = '✓ ';
  badge.append(tick, inCartText(count));
  note.replaceChildren(badge);
}
