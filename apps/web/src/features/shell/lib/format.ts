/** Year in Tashkent (UTC+5), so the footer's copyright turns over at local midnight on 1 January. */
export function tashkentYear(now: Date): number {
  return new Date(now.getTime() + 5 * 60 * 60 * 1000).getUTCFullYear();
}
