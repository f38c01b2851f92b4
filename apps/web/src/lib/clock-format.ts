/**
 * How times of day are written: on the 24-hour clock in every locale ('14:30', never '2:30 PM'), as
 * the chain's slots, opening hours and pauses are everywhere else (and as Tashkent reads them). For
 * `format.dateTime` of next-intl, whose provider supplies the chain's time zone.
 */
export const CLOCK = { timeStyle: 'short', hourCycle: 'h23' } as const;

/** A day and a time of day: '6 дек. 2026 г., 14:30', 'Dec 6, 2026, 14:30'. */
export const DAY_AND_CLOCK = { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' } as const;
