/**
 * The operator's keyboard shortcuts: j / ArrowDown and k / ArrowUp move through the queue, Enter
 * opens the chosen order, a accepts it, c cancels it (the reason form), / goes to the search. Keys
 * typed into a field, with a modifier, or while a dialog is open are not shortcuts.
 */
export type TShortcut = 'next' | 'previous' | 'open' | 'accept' | 'cancel' | 'search';

export type TKeyInput = {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** The element the key was typed in: its tag name and whether it is editable or a button. */
  target: { tagName: string; isContentEditable?: boolean } | null;
  dialogOpen: boolean;
};

const FIELDS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

export function shortcutOf(input: TKeyInput): TShortcut | null {
  if (input.ctrlKey || input.metaKey || input.altKey || input.dialogOpen) return null;
  const tag = input.target?.tagName ?? '';
  if (FIELDS.has(tag) || input.target?.isContentEditable) return null;
  switch (input.key) {
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
