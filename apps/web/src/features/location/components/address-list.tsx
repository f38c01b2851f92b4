'use client';

import { ADDRESS_LIST_MAX_HEIGHT_PX } from '@app/domain';
import { useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button, offButtonProps } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { PinIcon } from '@/components/ui/icons';
import { notify } from '@/components/ui/toasts';
import { apiErrorMessage } from '@/lib/api-client';
import { useApi } from '@/lib/config-provider';
import { type TAddressPoint, useCommonStore } from '@/lib/stores/common';
import { selectSavedPoint } from '../lib/choose';
import {
  detailsOf,
  POINT_DETAIL_FIELDS,
  POINT_DETAIL_MAX,
  removeSavedPoint,
  savePointDetails,
  type TPointDetails,
} from '../lib/points-edit';

const FIELD_LABELS = {
  name: 'addresses.name',
  house: 'addresses.house',
  floor: 'addresses.floor',
  porch: 'addresses.porch',
  apartment: 'addresses.apartment',
} as const;

function EditForm({ point, onDone }: { point: TAddressPoint; onDone: () => void }) {
  const t = useTranslations('location');
  const api = useApi();
  const id = useId();
  const [values, setValues] = useState<TPointDetails>(() => detailsOf(point));
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // The form replaces the Edit button that opened it: the focus goes to its first field.
  useEffect(() => {
    form.current?.querySelector('input')?.focus();
  }, []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await savePointDetails(api, point.id, values);
      notify('success', t('addresses.saved'));
      onDone();
      // Updating made it the active point: a point that was not active moves the delivery there.
      if (!point.isActive && (await selectSavedPoint(point.id, { api })) === 'out-of-zone') {
        notify('error', t('address_not_in_service_area'));
      }
    } catch (error) {
      notify('error', apiErrorMessage(error, t('addresses.error')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      ref={form}
      onSubmit={submit}
      className="mt-2 grid grid-cols-2 gap-2"
      data-testid="address-edit-form"
    >
      {POINT_DETAIL_FIELDS.map((field) => (
        <label key={field} className={cn('flex flex-col gap-1 text-sm', field === 'name' && 'col-span-2')}>
          <span className="text-muted">{t(FIELD_LABELS[field])}</span>
          <input
            id={`${id}-${field}`}
            name={field}
            value={values[field]}
            maxLength={POINT_DETAIL_MAX[field]}
            onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
            className="h-10 rounded-lg bg-white px-3 ring-1 ring-line focus:ring-2 focus:ring-brand-500 focus:outline-none"
          />
        </label>
      ))}
      <div className="col-span-2 flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onDone} busy={busy}>
          {t('addresses.cancel')}
        </Button>
        <Button type="submit" size="sm" busy={busy}>
          {t('addresses.save')}
        </Button>
      </div>
    </form>
  );
}

const detailsLine = (p: TAddressPoint, t: ReturnType<typeof useTranslations<'location'>>): string =>
  (['house', 'porch', 'floor', 'apartment'] as const)
    .filter((f) => (p[f] ?? '').trim() !== '')
    .map((f) => `${t(FIELD_LABELS[f])} ${p[f]}`)
    .join(', ');

/**
 * The saved addresses (spec section 2, "Address list"): in the address popover and inline on
 * /profile. Picking one checks the zones, makes it active, sets the nearest branch and reloads; each
 * can be edited (name, house, floor, porch, apartment) or removed; 'Add new address' opens the map.
 * At most 350 px high, scrolling beyond.
 */
export function AddressList({
  variant,
  onAddNew,
  onPicked,
}: {
  variant: 'popover' | 'inline';
  onAddNew: () => void;
  /** Called once a point is picked (before the page reloads), e.g. to close the popover. */
  onPicked?: () => void;
}) {
  const t = useTranslations('location');
  const api = useApi();
  const points = useCommonStore((s) => s.points);
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const titleId = useId();
  const section = useRef<HTMLElement>(null);
  /**
   * Where the focus goes once the list has rendered after an edit or a removal (the control that had
   * it is gone): the edited address's Edit button, or the address now in the removed one's place
   * (the one before it when it was the last; the list's heading when none is left).
   */
  const [focusNext, setFocusNext] = useState<{ edit: string } | { index: number } | null>(null);
  useEffect(() => {
    if (!focusNext || !section.current) return;
    setFocusNext(null);
    if ('edit' in focusNext) {
      section.current.querySelector<HTMLElement>(`[data-address-edit="${focusNext.edit}"]`)?.focus();
      return;
    }
    const picks = section.current.querySelectorAll<HTMLElement>('[data-address-pick]');
    const target = picks[Math.min(focusNext.index, picks.length - 1)];
    (target ?? section.current.querySelector<HTMLElement>('h2'))?.focus();
  }, [focusNext]);

  // While a pick or a removal is under way, every address's buttons are off (`busy`: they keep the
  // focus of the one pressed).
  const pick = async (point: TAddressPoint) => {
    if (busy !== null) return;
    // Already current. A removal clears the location but leaves the active point: picking it then
    // sets the location, zone and branch again.
    if (point.isActive && useCommonStore.getState().location !== null) {
      onPicked?.();
      return;
    }
    setBusy(point.id);
    try {
      const result = await selectSavedPoint(point.id, { api });
      if (result === 'out-of-zone') notify('error', t('address_not_in_service_area'));
      else onPicked?.();
    } catch (error) {
      notify('error', apiErrorMessage(error, t('addresses.error')));
    } finally {
      setBusy(null);
    }
  };

  const remove = async (point: TAddressPoint) => {
    if (busy !== null) return;
    const index = points.findIndex((p) => p.id === point.id);
    setBusy(point.id);
    try {
      await removeSavedPoint(api, point.id);
      setFocusNext({ index });
      notify('success', t('addresses.removed'));
    } catch (error) {
      notify('error', apiErrorMessage(error, t('addresses.error')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      ref={section}
      aria-labelledby={titleId}
      className="flex flex-col gap-3"
      data-testid={`address-list-${variant}`}
    >
      <h2
        id={titleId}
        tabIndex={-1}
        className={cn('font-bold outline-none', variant === 'inline' ? 'text-lg' : 'text-base')}
      >
        {t('addresses.title')}
      </h2>
      {points.length === 0 ? (
        <p className="text-sm text-muted">{t('addresses.empty')}</p>
      ) : (
        <ul
          className="flex flex-col gap-2 overflow-y-auto pr-1"
          style={{ maxHeight: ADDRESS_LIST_MAX_HEIGHT_PX }}
        >
          {points.map((point) => {
            const details = detailsLine(point, t);
            return (
              <li
                key={point.id}
                data-testid="address-item"
                data-active={point.isActive || undefined}
                className={cn(
                  'rounded-card p-3 ring-1',
                  point.isActive ? 'bg-brand-50 ring-brand-500' : 'bg-white ring-line',
                )}
              >
                <div className="flex items-start gap-2">
                  <PinIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                  <button
                    type="button"
                    data-address-pick
                    {...offButtonProps(busy !== null, () => void pick(point))}
                    aria-current={point.isActive ? 'true' : undefined}
                    className="min-w-0 flex-1 text-left aria-disabled:cursor-wait"
                  >
                    {point.name ? <span className="block text-sm font-bold">{point.name}</span> : null}
                    <span className="block break-words">{point.address}</span>
                    {details ? <span className="block text-sm text-muted">{details}</span> : null}
                    <span className="sr-only">
                      {point.isActive ? t('addresses.active') : t('addresses.select')}
                    </span>
                  </button>
                  {point.isActive ? (
                    <span aria-hidden className="shrink-0 text-xs font-semibold text-brand-700">
                      {t('addresses.active')}
                    </span>
                  ) : null}
                </div>
                {editing === point.id ? (
                  <EditForm
                    point={point}
                    onDone={() => {
                      setEditing(null);
                      setFocusNext({ edit: point.id });
                    }}
                  />
                ) : (
                  <div className="mt-1 flex justify-end gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setEditing(point.id)}
                      busy={busy !== null}
                      data-address-edit={point.id}
                      aria-label={`${t('addresses.edit')}: ${point.address}`}
                    >
                      {t('addresses.edit')}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => void remove(point)}
                      busy={busy !== null}
                      aria-label={`${t('addresses.remove')}: ${point.address}`}
                      className="text-paprika-600"
                    >
                      {t('addresses.remove')}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Button variant="secondary" onClick={onAddNew} className="justify-center" data-testid="address-add-new">
        {t('addresses.addNew')}
      </Button>
    </section>
  );
}
