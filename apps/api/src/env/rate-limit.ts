import { z } from 'zod';

const WINDOW_UNITS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** One rate limit: '<max>/<window>', the window a number with s, m, h or d ('30/10m': 30 per 10 minutes). */
export const rateLimit = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine(
      (value) => /^\d+\s*\/\s*\d*\s*[smhd]$/.test(value),
      "must look like '30/10m' (requests per window; s, m, h or d)",
    )
    .transform((value) => {
      const [, max = '0', count = '', unit = 'm'] = /^(\d+)\s*\/\s*(\d*)\s*([smhd])$/.exec(value) ?? [];
      return {
        max: Number(max),
        windowMs: Number(count || '1') * WINDOW_UNITS[unit as keyof typeof WINDOW_UNITS],
      };
    })
    .refine(
      (limit) => limit.max >= 1 && limit.windowMs >= 1_000,
      'needs at least 1 request per at least 1 s',
    );
