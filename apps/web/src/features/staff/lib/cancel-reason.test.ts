import { ZStaffOrderEventRequest } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { oneLineReason, REASON_MAX, ZCancelForm } from './cancel-reason';

const apiTakes = (reason: string) =>
  ZStaffOrderEventRequest.safeParse({ event: 'operator-cancelled', reason }).success;

describe('the cancel reason', () => {
  it('joins the lines typed or pasted into one, as the API takes it', () => {
    const typed = [
      'Клиент передумал\nперезвонит завтра',
      ' Нет\r\n\r\nкурьера\t ',
      'one\u2028two\u2029three',
      'bell\u0007 and\u0085 next',
      'half \uD83D emoji 🍕',
    ];
    for (const text of typed) {
      const line = oneLineReason(text);
      expect(line, text).not.toMatch(/[\n\r\t]/);
      expect(apiTakes(line), JSON.stringify(line)).toBe(true);
      // The form's own check agrees, and sends that one line.
      expect(ZCancelForm.parse({ reason: text }).reason).toBe(line);
    }
    // Without the form's joining the API refuses such a reason (400).
    expect(apiTakes('Клиент передумал\nперезвонит завтра')).toBe(false);
    expect(oneLineReason('Клиент передумал\nперезвонит завтра')).toBe('Клиент передумал перезвонит завтра');
    expect(oneLineReason('half \uD83D emoji 🍕')).toBe('half emoji 🍕');
  });

  it('still needs a reason: white space alone is none; at most the API’s length', () => {
    expect(ZCancelForm.safeParse({ reason: ' \n\t ' }).success).toBe(false);
    expect(ZCancelForm.safeParse({ reason: 'x'.repeat(REASON_MAX) }).success).toBe(true);
    expect(ZCancelForm.safeParse({ reason: 'x'.repeat(REASON_MAX + 1) }).success).toBe(false);
    expect(apiTakes('x'.repeat(REASON_MAX))).toBe(true);
    expect(apiTakes('x'.repeat(REASON_MAX + 1))).toBe(false);
  });
});
