/**
 * The operator's keyboard shortcuts: j / ArrowDown and k / ArrowUp move through the queue, Enter
 * opens the chosen order, a accepts it, c cancels it (the reason form), / goes to the search. Keys
 * typed into a field, with a modifier, or while a dialog is open are not shortcuts. The letters work
 * on any keyboard layout: a key that types a Latin letter is that letter (QWERTY, Dvorak...); one that
 * types another script's letter (ф, с, о, л on the Russian layout) counts as the Latin letter of its
 * place on the keyboard (`code`: KeyA, KeyC, KeyJ, KeyK), so an operator need not switch layouts.
 */
export type TShortcut = 'next' | 'previous' | 'open' | 'accept' | 'cancel' | 'search';

export type TKeyInput = {
  key: string;
  /** The key's place on the keyboard (KeyboardEvent.code: 'KeyA'), whatever the layout types there. */
  code?: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** The element the key was typed in: its tag name and whether it is editable or a button. */
  target: { tagName: string; isContentEditable?: boolean } | null;
  dialogOpen: boolean;
};

const FIELDS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/**
 * The Latin letter a key stands for: the one it types, else (a letter of another script) the one at its
 * place on a QWERTY keyboard, in the same case (a capital is no shortcut, as 'A' is not). Any other
 * key: its `key` as is.
 */
function letterOf(input: Pick<TKeyInput, 'key' | 'code'>): string {
  if (/^[a-z]$/i.test(input.key)) return input.key;
  const place = /^Key([A-Z])$/.exec(input.code ?? '')?.[1];
  if (!place || !/^\p{L}$/u.test(input.key)) return input.key;
  return input.key === input.key.toLowerCase() ? place.toLowerCase() : place;
}

export function shortcutOf(input: TKeyInput): TShortcut | null {
  if (input.ctrlKey || input.metaKey || input.altKey || input.dialogOpen) return null;
  const tag = input.target?.tagName ?? '';
  if (FIELDS.has(tag) || input.target?.isContentEditable) return null;
  switch (letterOf(input)) {
    case 'j':
    case 'ArrowDown':
      return 'next';
    case 'k':
    case 'ArrowUp':
      return 'previous';
    // Enter on a button or link presses it already.
    case 'Enter':
      return tag === 'BUTTON' || tag === 'A' ? null : 'open';
    case 'a':
      return 'accept';
    case 'c':
      return 'cancel';
    case '/':
      return 'search';
    default:
      return null;
  }
}

/** The next selected index after moving by `step` in a list of `count`, staying inside it. */
export function moveSelection(index: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (index < 0) return step === 1 ? 0 : count - 1;
  return Math.min(count - 1, Math.max(0, index + step));
}
