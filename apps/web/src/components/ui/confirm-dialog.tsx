'use client';

import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { buttonClasses } from './button';
import { useReturnFocus } from './use-return-focus';

export type TConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Defaults to common.actions.confirm ('Yes'). */
  confirmLabel?: ReactNode;
  /** Defaults to common.actions.cancel. */
  cancelLabel?: ReactNode;
  onConfirm: () => void;
  /** Paints the confirm button as destructive (remove, clear). */
  destructive?: boolean;
  /** Where focus goes on close when the button that opened the dialog is gone (its line was removed). */
  fallbackFocus?: () => HTMLElement | null | undefined;
};

/**
 * Asks before an action that cannot be undone (spec section 4: checkout, removing a product, clearing
 * the cart). An alert dialog: focus starts on Cancel, Escape cancels, the overlay does not close it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  destructive,
  fallbackFocus,
}: TConfirmDialogProps) {
  const t = useTranslations('common.actions');
  const onCloseAutoFocus = useReturnFocus(open, fallbackFocus);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <AlertDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-card bg-white p-6 shadow-card focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-bold">{title}</AlertDialog.Title>
          {description ? (
            <AlertDialog.Description className="mt-2 text-muted">{description}</AlertDialog.Description>
          ) : (
            <AlertDialog.Description className="sr-only">{title}</AlertDialog.Description>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses('secondary')}>
              {cancelLabel ?? t('cancel')}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClasses(destructive ? 'danger' : 'primary')}
              onClick={() => onConfirm()}
            >
              {confirmLabel ?? t('confirm')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
