/**
 * Live stop list (issue 13): an open storefront page follows the branch's stop list within 5 seconds
 * (menu cards, product page and cart lines 'Unavailable') without a reload.
 */
export { LiveStopSlot } from './components/live-stop-slot';
