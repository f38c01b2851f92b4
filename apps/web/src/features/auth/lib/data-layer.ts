/** Google Tag Manager's queue; created when the page has no tag manager yet. */
export type TDataLayerTarget = { dataLayer?: unknown[] };

export const AUTH_SUCCESS_EVENT = 'Authorization_successful';

/** Spec section 4: completion pushes the analytics event 'Authorization_successful'. */
export function pushAuthorizationSuccessful(target: TDataLayerTarget): void {
  target.dataLayer ??= [];
  target.dataLayer.push({ event: AUTH_SUCCESS_EVENT });
}
