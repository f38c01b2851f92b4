/** '998712005050' → '+998 71 200 50 50'; short numbers ('1234') stay as they are. */
export function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, '');
  if (/^998\d{9}$/.test(d))
    return `+998 ${d.slice(3, 5)} ${d.slice(5, 8)} ${d.slice(8, 10)} ${d.slice(10, 12)}`;
  return digits;
}

/** The href of a phone link: the international form for full numbers, the digits for short ones. */
export function phoneHref(digits: string): string {
  const d = digits.replace(/\D/g, '');
  return /^998\d{9}$/.test(d) ? `tel:+${d}` : `tel:${d}`;
}

/** Cuts a text at `max` characters with an ellipsis (spec: the address on mobile, 40 characters). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}
