/** The sign-in steps' look: large fields for a phone keyboard, errors below, links that are buttons. */
export const loginInputClass =
  'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-3 text-lg focus:border-brand-600 aria-[invalid=true]:border-paprika-500';
export const loginErrorClass = 'mt-2 text-sm text-paprika-600';
export const loginLinkButtonClass =
  'font-semibold text-brand-700 underline-offset-2 hover:underline disabled:text-muted';
