import { z } from 'zod';

/**
 * A cancel reason as the API takes it (ZStaffOrderEventRequest's `reason`: one line, 1 to 300
 * characters). The form's field may hold several lines (typed with Enter, or pasted): every run of
 * white space and control characters (line breaks, tabs, U+2028/U+2029 and the rest the contract
 * refuses) becomes one space, a lone half of a surrogate pair is dropped, and the ends are trimmed. The contract
 * itself is not loaded in the browser for this (classic zod and every schema); cancel-reason.test.ts
 * checks the result against it.
 */
export function oneLineReason(text: string): string {
  return (
    text
      // A surrogate pair (an emoji) stays; a lone half goes.
      .replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g, (match) =>
        match.length === 2 ? match : '',
      )
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is replaced.
      .replace(/[\s\u0000-\u001F\u007F-\u009F]+/g, ' ')
      .trim()
  );
}

/** The most characters a reason may have (ZStaffOrderEventRequest). */
export const REASON_MAX = 300;

/** The reason form: what is sent is the one line (`oneLineReason`), 1 to REASON_MAX characters. */
export const ZCancelForm = z.object({
  reason: z.string().transform(oneLineReason).pipe(z.string().min(1, 'required').max(REASON_MAX, 'required')),
});
export type TCancelFormInput = z.input<typeof ZCancelForm>;
export type TCancelForm = z.output<typeof ZCancelForm>;
