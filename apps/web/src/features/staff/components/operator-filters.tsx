'use client';

import type { TOrderStatus } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { inputClass } from '@/components/ui/field-classes';
import { pick } from '@/lib/localized';
import { useStaffApi } from '../api';
import { readSearch } from '../lib/search';
import { fetchBranches, staffKeys, type TStaffListFilter } from '../lib/staff-queries';

/** The statuses of current orders the operator can filter by (delivered waits for the operator's finish). */
const FILTER_STATUSES: readonly TOrderStatus[] = [
  'new',
  'future',
  'operator-accepted',
  'vendor-accepted',
  'vendor-ready',
  'courier-accepted',
  'courier-picked',
  'delivered',
];

/**
 * The operator's filters (branch, status) and the search by order number or phone, sent when typing
 * pauses. A search the API would refuse is not sent: what it takes is said by the field instead (as
 * is the API's own message when it refuses one), and the list shown stays as it was.
 */
export function OperatorFilters({
  filter,
  onChange,
  searchRef,
  searchError,
}: {
  filter: TStaffListFilter;
  onChange: (filter: TStaffListFilter) => void;
  searchRef: React.RefObject<HTMLInputElement | null>;
  /** The API refused the search sent (400): its message. */
  searchError: string | null;
}) {
  const t = useTranslations('staff');
  const locale = useLocale();
  const api = useStaffApi();
  const id = useId();
  const branches = useQuery({
    queryKey: staffKeys.branches(),
    queryFn: ({ signal }) => fetchBranches(api, signal),
  });
  const [text, setText] = useState(filter.q ?? '');
  // Decided when typing pauses too, so a half-typed number is not called wrong at every key.
  const [invalid, setInvalid] = useState(false);
  // The search is sent when typing pauses (the API answers a number or a phone's digits).
  useEffect(() => {
    const timer = setTimeout(() => {
      const { q, valid } = readSearch(text);
      setInvalid(!valid);
      if (valid && q !== filter.q) onChange({ ...filter, q });
    }, 300);
    return () => clearTimeout(timer);
  }, [text, filter, onChange]);
  const searchNote = invalid ? t('operator.searchInvalid') : searchError;
  const noteId = `${id}-search-note`;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={`${id}-branch`} className="text-sm font-semibold">
          {t('operator.branch')}
        </label>
        <select
          id={`${id}-branch`}
          className={cn(inputClass, 'min-w-44')}
          value={filter.branch_id ?? ''}
          onChange={(e) => onChange({ ...filter, branch_id: e.target.value || undefined })}
        >
          <option value="">{t('operator.allBranches')}</option>
          {(branches.data ?? []).map((b) => (
            <option key={b.id} value={b.id}>
              {pick(b.name, locale)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-status`} className="text-sm font-semibold">
          {t('operator.status')}
        </label>
        <select
          id={`${id}-status`}
          className={cn(inputClass, 'min-w-44')}
          value={filter.status ?? ''}
          onChange={(e) =>
            onChange({ ...filter, status: (e.target.value || undefined) as TOrderStatus | undefined })
          }
        >
          <option value="">{t('operator.allStatuses')}</option>
          {FILTER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-56 flex-1">
        <label htmlFor={`${id}-search`} className="text-sm font-semibold">
          {t('operator.search')}
        </label>
        <input
          id={`${id}-search`}
          ref={searchRef}
          type="search"
          className={inputClass}
          placeholder={t('operator.searchPlaceholder')}
          value={text}
          maxLength={40}
          aria-invalid={searchNote ? true : undefined}
          aria-describedby={searchNote ? noteId : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {searchNote ? (
          <p id={noteId} className="mt-1 text-sm text-paprika-700">
            {searchNote}
          </p>
        ) : null}
      </div>
    </div>
  );
}
