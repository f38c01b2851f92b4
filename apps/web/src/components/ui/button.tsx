import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn';

export type TButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type TButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const VARIANTS: Record<TButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-line disabled:text-muted',
  secondary: 'bg-white text-ink ring-1 ring-line hover:bg-brand-50 disabled:text-muted',
  ghost: 'bg-transparent text-ink hover:bg-brand-100/60 disabled:text-muted',
  danger: 'bg-paprika-600 text-white hover:bg-paprika-700 disabled:opacity-60',
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
    'disabled:cursor-not-allowed',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export type TButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: TButtonVariant;
  size?: TButtonSize;
};

export function Button({
  variant = 'primary',
  size = 'md',
  className,
  type = 'button',
  ...props
}: TButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}
