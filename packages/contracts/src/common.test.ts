import { describe, expect, it } from 'vitest';
import { MULTI_LINE_TEXT, SINGLE_LINE_TEXT, ZMultiLineText, ZSingleLineText } from './common.ts';

/** Every character the text rules refuse in both kinds of text, named for the failure message. */
const ALWAYS_REFUSED: [string, string][] = [
  ['NUL', '\u0000'],
  ['BEL', '\u0007'],
  ['backspace', '\b'],
  ['vertical tab', '\v'],
  ['form feed', '\f'],
  ['ESC', '\u001b'],
  ['unit separator', '\u001f'],
  ['DEL', '\u007f'],
  ['C1 NEL', '\u0085'],
  ['C1 CSI', '\u009b'],
  ['line separator', '\u2028'],
  ['paragraph separator', '\u2029'],
  ['lone high surrogate', '\ud83d'],
  ['lone low surrogate', '\ude00'],
  ['reversed pair', '\ude00\ud83d'],
];

const ACCEPTED = [
  '',
  'Алишер Навоий',
  "O'zbekiston, Toshkent sh., Amir Temur ko'chasi 1",
  'Zoë — café №5 «Baraka»',
  'Pizza 🍕 and 👨‍👩‍👧 family',
  '  spaces   inside  ',
  '"quotes" <b>not html</b> & \\ backslash',
];

describe('ZSingleLineText', () => {
  it.each(ACCEPTED)('accepts %j', (text) => {
    expect(ZSingleLineText.safeParse(text).success).toBe(true);
  });

  it.each([...ALWAYS_REFUSED, ['tab', '\t'], ['line feed', '\n'], ['carriage return', '\r']])(
    'refuses a %s anywhere in the text',
    (_name, char) => {
      for (const text of [char, `Ali${char}`, `${char}Ali`, `A${char}li`]) {
        const result = ZSingleLineText.safeParse(text);
        expect(result.success, JSON.stringify(text)).toBe(false);
        expect(result.error?.issues[0]?.message).toBe('must be one line of text without control characters');
      }
    },
  );
});

describe('ZMultiLineText', () => {
  it.each([...ACCEPTED, 'line one\nline two', 'windows\r\nlines', 'a\ttab'])('accepts %j', (text) => {
    expect(ZMultiLineText.safeParse(text).success).toBe(true);
  });

  it.each(ALWAYS_REFUSED)('refuses a %s', (_name, char) => {
    expect(ZMultiLineText.safeParse(`comment ${char} here`).success).toBe(false);
  });
});

describe('the patterns as the OpenAPI document carries them', () => {
  // JSON Schema validators compile `pattern` with or without the `u` flag: both must mean the same.
  for (const pattern of [SINGLE_LINE_TEXT, MULTI_LINE_TEXT]) {
    const plain = new RegExp(pattern.source);
    const unicode = new RegExp(pattern.source, 'u');
    it(`${pattern === SINGLE_LINE_TEXT ? 'single' : 'multi'}-line: the same answers with and without the u flag`, () => {
      for (const text of [...ACCEPTED, ...ALWAYS_REFUSED.map(([, c]) => `x${c}y`), 'a\nb', 'a\tb']) {
        expect(unicode.test(text), JSON.stringify(text)).toBe(plain.test(text));
      }
    });
  }

  it('stays fast on a 2 MB text (no catastrophic backtracking)', () => {
    const started = performance.now();
    expect(ZMultiLineText.safeParse('я😀'.repeat(700_000)).success).toBe(true);
    expect(ZSingleLineText.safeParse(`${'a'.repeat(2_000_000)}\u0000`).success).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
