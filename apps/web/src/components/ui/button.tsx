import type { ButtonHTMLAttributes, MouseEvent, MouseEventHandler } from 'react';
import { cn } from './cn';

export type TButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type TButtonSize = 'sm' | 'md' | 'lg' | 'icon';

// Each look is off in two ways alike: `disabled`, and `aria-disabled` (a busy button, below).
const VARIANTS: Record<TButtonVariant, string> = {
  primary:
    'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-line disabled:text-muted aria-disabled:bg-line aria-disabled:text-muted',
  secondary:
    'bg-white text-ink ring-1 ring-line hover:bg-brand-50 disabled:text-muted aria-disabled:bg-white aria-disabled:text-muted',
  ghost:
    'bg-transparent text-ink hover:bg-brand-100/60 disabled:text-muted aria-disabled:bg-transparent aria-disabled:text-muted',
  danger:
    'bg-paprika-600 text-white hover:bg-paprika-700 disabled:opacity-60 aria-disabled:bg-paprika-600 aria-disabled:opacity-60',
};
const SIZES: Record<TButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-4 text-base',
  lg: 'h-13 px-6 text-lg',
  icon: 'h-11 w-11 justify-center',
};

/** Class names of a button, for links that look like one. */
export function buttonClasses(
  variant: TButtonVariant = 'primary',
  size: TButtonSize = 'md',
  className?: string,
) {
  return cn(
    'inline-flex items-center gap-2 rounded-full font-semibold transition-colors select-none',
    'disabled:cursor-not-allowed aria-disabled:cursor-not-allowed',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export type TButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: TButtonVariant;
  size?: TButtonSize;
  /**
   * What the button started is under way (a request): the button is off, but stays focusable. It is
   * marked `aria-disabled` and ignores presses, rather than `disabled`: a button disabled while it has
   * the focus drops the focus to the page, and a keyboard or screen reader user who pressed it loses
   * their place. A busy submit button also stops the form's submission by Enter in a field (the
   * browser submits by clicking the form's default button). A busy button is never `disabled` as well:
   * `disabled` (off for another reason) applies once it is no longer busy.
   */
  busy?: boolean;
};

function ignorePress(event: MouseEvent<HTMLButtonElement>) {
  event.preventDefault();
}

/**
 * The props of a button that is off but keeps the focus: `aria-disabled`, and a click handler that
 * ignores presses (so a submit button submits nothing, by a click or by Enter in a field). A button
 * disabled while it has the focus drops the focus to the page; one that turns off after its own press
 * (a request under way, a form reset after it is sent) is off this way. `Button`'s `busy` uses it.
 */
export function offButtonProps(
  busy: boolean,
  onClick?: MouseEventHandler<HTMLButtonElement>,
): { 'aria-disabled'?: true; onClick?: MouseEventHandler<HTMLButtonElement> } {
  return busy ? { 'aria-disabled': true, onClick: ignorePress } : { onClick };
}

export function Button({
  variant = 'primary',
  size = 'md',
  className,
  type = 'button',
  busy = false,
  onClick,
  disabled,
  ...props
}: TButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={busy ? undefined : disabled}
      {...props}
      {...offButtonProps(busy, onClick)}
    />
  );
}
