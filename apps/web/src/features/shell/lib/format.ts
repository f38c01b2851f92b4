/** Cuts a text at `max` characters with an ellipsis (spec: the address on mobile, 40 characters). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/** Year in Tashkent (UTC+5), so the footer's copyright turns over at local midnight on 1 January. */
export function tashkentYear(now: Date): number {
  return new Date(now.getTime() + 5 * 60 * 60 * 1000).getUTCFullYear();
}
