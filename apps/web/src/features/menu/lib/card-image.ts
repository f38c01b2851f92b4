/* A plain module: server components (the preload) and client ones (the cards) read the same value. */

import type { TImage } from '@app/contracts';
import { type MenuImage, menuImageFiles } from './menu-view';

/**
 * Where the menu's pictures come from: the page's own origin (`/images/...`, which the storefront
 * passes to the API: app/images/[...path]/route.ts), so the first card's picture, the page's LCP
 * element, needs no connection to a second origin, and 70 cards' URLs are shorter.
 */
export const CARD_IMAGE_ORIGIN = '';

/**
 * Rendered widths of a card image, short (it is written into 70 cards): the grid is 2 columns
 * (px-4, gap-3, i.e. 50vw - 22px = 44-46vw on a phone), 3 from sm (33.3vw - 19..27px = 31vw within
 * 6 px), 4 from lg (25vw - 24px = 23vw within 4 px from 1248 to 1440 px; 336 px beyond, where any
 * DPR already takes the 640 file). The browser picks the 160/320/640 file from these.
 */
export const CARD_IMAGE_SIZES = '(min-width:1248px) 23vw,(min-width:576px) 31vw,45vw';

/**
 * Lazy pictures: `auto` lets the browser use the laid-out width (Chromium); the list is the fallback
 * elsewhere. Only valid with loading="lazy", so the eager first picture keeps the list alone.
 */
export const LAZY_CARD_IMAGE_SIZES = `auto,${CARD_IMAGE_SIZES}`;

/**
 * The narrowest file a card offers. A card is at least 158 px wide (a 360 px phone), so on a phone
 * (1.5x and more) and on any 1x screen from 576 px the browser needs 320 px or more: the 160 px file
 * is never picked, and leaving it out of 70 srcsets saves ~6 KB of HTML. It stays the `src` (what a
 * browser without srcset shows) and the JSON-LD's image.
 */
export const CARD_MIN_FILE_WIDTH = 320;

/** A card's picture files: the view's, without those narrower than any card. */
export function cardImageFiles(image: MenuImage): Omit<TImage, 'alt'> {
  const files = menuImageFiles(image);
  const wide = files.sources.filter((source) => source.width >= CARD_MIN_FILE_WIDTH);
  return wide.length > 0 ? { ...files, sources: wide } : files;
}
