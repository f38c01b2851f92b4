/** The look of a form's text inputs, their error and their hint, the same in every form. */
export const inputClass =
  'mt-1 block w-full rounded-xl border border-line bg-white px-3 py-2.5 text-base focus:border-brand-600 aria-[invalid=true]:border-paprika-500';
export const errorClass = 'mt-1 text-sm text-paprika-600';
export const hintClass = 'mt-1 text-sm text-muted';
