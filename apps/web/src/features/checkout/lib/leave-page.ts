/**
 * Leaves the storefront for another site (an online order's payment page). A full navigation, not the
 * router's: the provider's page is outside the app. Its own module, so component tests replace it
 * (jsdom cannot navigate).
 */
export function leavePageFor(url: string): void {
  window.location.assign(url);
}
