'use client';

import * as RadixDialog from '@radix-ui/react-dialog';
import * as VisuallyHidden from '@radix-ui/react-visually-hidden';
import { useTranslations } from 'next-intl';
import type { ReactNode, RefObject } from 'react';
import { cn } from './cn';
import { CloseIcon } from './icons';
import { useReturnFocus } from './use-return-focus';

export type TDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read by screen readers; pass `hideTitle` when the content shows its own heading. */
  description?: ReactNode;
  hideTitle?: boolean;
  /** Below md the dialog covers the whole screen (spec: map dialog, product dialog). */
  fullScreenOnMobile?: boolean;
  /** Where focus goes on close when what opened the dialog is gone (its action replaced it). */
  fallbackFocus?: () => HTMLElement | null | undefined;
  className?: string;
  children: ReactNode;
};

/** Modal dialog on Radix: focus is trapped and returned, Escape and the overlay close it. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  hideTitle,
  fullScreenOnMobile,
  fallbackFocus,
  className,
  children,
}: TDialogProps) {
  const t = useTranslations('common.actions');
  const onCloseAutoFocus = useReturnFocus(open, fallbackFocus);
  const titleNode = <RadixDialog.Title className="pr-10 text-xl font-bold">{title}</RadixDialog.Title>;
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink/50 backdrop-blur-[2px]" />
        <RadixDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className={cn(
            'fixed z-50 flex flex-col overflow-y-auto bg-white shadow-card focus:outline-none',
            fullScreenOnMobile
              ? 'inset-0 md:inset-auto md:top-1/2 md:left-1/2 md:max-h-[90vh] md:w-[min(92vw,44rem)] md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-card'
              : 'top-1/2 left-1/2 max-h-[90vh] w-[min(92vw,36rem)] -translate-x-1/2 -translate-y-1/2 rounded-card',
            'p-5 md:p-6',
            className,
          )}
        >
          {hideTitle ? <VisuallyHidden.Root>{titleNode}</VisuallyHidden.Root> : titleNode}
          {description ? (
            <RadixDialog.Description className="mt-1 text-muted">{description}</RadixDialog.Description>
          ) : (
            <VisuallyHidden.Root>
              <RadixDialog.Description>{title}</RadixDialog.Description>
            </VisuallyHidden.Root>
          )}
          <div className="mt-4 flex-1">{children}</div>
          <RadixDialog.Close
            className="absolute top-3 right-3 inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-ink hover:bg-brand-100"
            aria-label={t('close')}
          >
            <CloseIcon />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export type TSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  side?: 'left' | 'right';
  /**
   * Where focus returns on close. The sheet is loaded on demand, after its opening button was
   * pressed, so it is not that button's Radix trigger and is told instead.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
  children: ReactNode;
};

/** A panel sliding in from the side (the side menu); the same focus handling as a dialog. */
export function Sheet({ open, onOpenChange, title, side = 'left', returnFocusTo, children }: TSheetProps) {
  const t = useTranslations('common.actions');
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="sheet-overlay fixed inset-0 z-50 bg-ink/40" />
        <RadixDialog.Content
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo?.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          onEscapeKeyDown={(event) => {
            // Escape inside a menu of the sheet (the language list) closes that menu, not the sheet.
            if (event.target instanceof Element && event.target.closest('[role="menu"]'))
              event.preventDefault();
          }}
          className={cn(
            'sheet-content fixed top-0 bottom-0 z-50 flex w-[min(86vw,22rem)] flex-col overflow-y-auto bg-white p-5 shadow-card focus:outline-none',
            side === 'left' ? 'left-0' : 'right-0',
          )}
          data-side={side}
        >
          <div className="flex items-center justify-between">
            <RadixDialog.Title className="text-lg font-bold">{title}</RadixDialog.Title>
            <RadixDialog.Close
              className="inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-brand-100"
              aria-label={t('close')}
            >
              <CloseIcon />
            </RadixDialog.Close>
          </div>
          <VisuallyHidden.Root>
            <RadixDialog.Description>{title}</RadixDialog.Description>
          </VisuallyHidden.Root>
          <div className="mt-4 flex-1">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
