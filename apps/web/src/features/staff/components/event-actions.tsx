'use client';

import type { TOrderEvent, TStaffOrder } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button, type TButtonVariant } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { errorClass, hintClass, inputClass } from '@/components/ui/field-classes';
import { useOrderEvent } from '../hooks';
import { REASON_MAX, type TCancelForm, type TCancelFormInput, ZCancelForm } from '../lib/cancel-reason';
import { isCancelEvent } from '../lib/staff-queries';

type TOrderRef = Pick<TStaffOrder, 'id' | 'external_order_id'>;

/** The small form a cancelling event asks for: the reason, required. */
export function CancelDialog({
  order,
  event,
  open,
  onOpenChange,
  onDone,
  fallbackFocus,
}: {
  order: TOrderRef;
  event: TOrderEvent;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone?: () => void;
  /** Where focus goes on close when what opened the form is gone (the cancelled order's row). */
  fallbackFocus?: () => HTMLElement | null | undefined;
}) {
  const t = useTranslations('staff.cancel');
  const id = useId();
  const send = useOrderEvent(() => {
    onOpenChange(false);
    onDone?.();
  });
  // The reason is sent as one line (the API's rule): lines typed in the field are joined with spaces.
  const form = useForm<TCancelFormInput, unknown, TCancelForm>({
    resolver: zodResolver(ZCancelForm),
    defaultValues: { reason: '' },
  });
  const error = form.formState.errors.reason;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('title', { number: order.external_order_id })}
      fallbackFocus={fallbackFocus}
    >
      <form
        noValidate
        onSubmit={form.handleSubmit(({ reason }) => send.mutate({ order, event, reason }))}
        className="flex flex-col gap-3"
      >
        <div>
          <label htmlFor={`${id}-reason`} className="font-semibold">
            {t('reason')}
          </label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={REASON_MAX}
            className={inputClass}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            {...form.register('reason')}
          />
          <p id={`${id}-hint`} className={hintClass}>
            {t('hint')}
          </p>
          {error ? (
            <p id={`${id}-error`} className={errorClass}>
              {t('required')}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('back')}
          </Button>
          <Button type="submit" variant="danger" busy={send.isPending}>
            {t('submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

const VARIANT = (event: TOrderEvent): TButtonVariant => (isCancelEvent(event) ? 'secondary' : 'primary');

/**
 * The order's actions: one button per event the server offers this member now (`allowed_events`),
 * the cancelling ones through the reason form. `only` narrows them (a screen's own set).
 */
export function EventActions({
  order,
  only,
  large,
  numbered,
  onDone,
  cancelFor,
  onCancelChange,
}: {
  order: TOrderRef & Pick<TStaffOrder, 'allowed_events'>;
  only?: readonly TOrderEvent[];
  large?: boolean;
  /**
   * Each button's name says the order's number too ("Принять: заказ B-1"), the visible word first: on
   * a board of many cards a screen reader's list of buttons is otherwise a run of the same word.
   */
  numbered?: boolean;
  onDone?: () => void;
  /** The cancelling event whose form is open (controlled from outside: a keyboard shortcut opens it). */
  cancelFor: TOrderEvent | null;
  onCancelChange: (event: TOrderEvent | null) => void;
}) {
  const t = useTranslations('staff');
  const send = useOrderEvent(onDone);
  const events = order.allowed_events.filter((e) => !only || only.includes(e));
  if (events.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {events.map((event) => (
        <Button
          key={event}
          variant={VARIANT(event)}
          size={large ? 'lg' : 'md'}
          className={cn('min-h-11 justify-center', large && 'min-w-32 flex-1')}
          busy={send.isPending}
          data-event={event}
          aria-label={
            numbered
              ? t('actionFor', { action: t(`events.${event}`), number: order.external_order_id })
              : undefined
          }
          onClick={() => (isCancelEvent(event) ? onCancelChange(event) : send.mutate({ order, event }))}
        >
          {t(`events.${event}`)}
        </Button>
      ))}
      {cancelFor ? (
        <CancelDialog
          order={order}
          event={cancelFor}
          open
          onOpenChange={(open) => {
            if (!open) onCancelChange(null);
          }}
          onDone={onDone}
        />
      ) : null}
    </div>
  );
}
