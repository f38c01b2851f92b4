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

/** Year in Tashkent (UTC+5), so the footer's copyright turns over at local midnight on 1 January. */
export function tashkentYear(now: Date): number {
  return new Date(now.getTime() + 5 * 60 * 60 * 1000).getUTCFullYear();
}
