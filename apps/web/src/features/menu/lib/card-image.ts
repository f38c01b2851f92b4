/* A plain module: server components (the preload) and client ones (the cards) read the same value. */

/**
 * Rendered widths of a card image: the grid is 2 columns (px-4, gap-3), 3 from sm, 3 from md (px-6,
 * gap-4), 4 from lg, inside a 1440 px frame. The browser picks the 160/320/640 file from these.
 */
export const CARD_IMAGE_SIZES =
  '(min-width: 1440px) 336px, (min-width: 1248px) calc(25vw - 24px), (min-width: 992px) calc(33.3vw - 27px), (min-width: 576px) calc(33.3vw - 19px), calc(50vw - 22px)';
