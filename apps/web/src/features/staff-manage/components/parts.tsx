'use client';

import type { TLocale, TStaffBranch } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button, offButtonProps } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { inputClass } from '@/components/ui/field-classes';
import { apiErrorMessage } from '@/lib/api-client';
import { fetchBranches, manageKeys } from '../api/manage-api';
import { useStaffApi } from '../lib/staff';

/** The branches the manager may manage (a branch's manager: only theirs), shared by the screens. */
export function useManagedBranches() {
  const api = useStaffApi();
  return useQuery({
    queryKey: manageKeys.branches,
    queryFn: ({ signal }) => fetchBranches(api, signal),
  });
}

export const useAppLocale = () => useLocale() as TLocale;

/** A screen's heading. */
export function ScreenTitle({ children }: { children: ReactNode }) {
  return <h1 className="mb-4 text-2xl font-extrabold md:text-3xl">{children}</h1>;
}

/** Loading and failure of a query: a status line, or the API's message with a retry button. */
export function QueryState({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  children: ReactNode;
}) {
  const t = useTranslations('staff-manage.common');
  if (query.isPending) {
    return (
      <p role="status" className="py-4 text-muted">
        {t('loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 py-4">
        <p>{t('loadFailed', { message: apiErrorMessage(query.error, t('error')) })}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  return <>{children}</>;
}

/** A labelled select of branches (the stop list's, the audit log's filter). */
export function BranchSelect({
  id,
  branches,
  value,
  onChange,
  allLabel,
}: {
  id: string;
  branches: readonly TStaffBranch[];
  value: string;
  onChange: (branchId: string) => void;
  /** Offers 'all branches' ('') first when given. */
  allLabel?: string;
}) {
  const t = useTranslations('staff-manage.common');
  const locale = useAppLocale();
  return (
    <div className="block max-w-sm">
      <label htmlFor={id} className="block font-semibold">
        {t('branch')}
      </label>
      <select
        id={id}
        className={cn(inputClass, 'min-h-11')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {allLabel ? <option value="">{allLabel}</option> : null}
        {branches.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled search box (the prices' and the stop list's product search). */
export function SearchField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="block w-full max-w-sm">
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={cn(inputClass, 'min-h-11')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/**
 * An on/off switch with its state in words beside it (not by colour alone): `role="switch"` and
 * `aria-checked`, a 44 px target.
 */
export function Switch({
  checked,
  onChange,
  label,
  onText,
  offText,
  busy = false,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The accessible name ('Plov available'). */
  label: string;
  onText: string;
  offText: string;
  /** A change is being saved: the switch ignores presses and keeps the focus (`offButtonProps`). */
  busy?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      {...offButtonProps(busy, () => onChange(!checked))}
      className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full px-1 text-sm font-semibold aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={cn(
          'relative inline-block h-7 w-12 rounded-full transition-colors',
          checked ? 'bg-herb-600' : 'bg-paprika-600',
        )}
      >
        <span
          className={cn(
            'absolute top-1 h-5 w-5 rounded-full bg-white shadow transition-all',
            checked ? 'left-6' : 'left-1',
          )}
        />
      </span>
      <span
        aria-hidden="true"
        className={cn('w-28 text-left', checked ? 'text-herb-600' : 'text-paprika-600')}
      >
        {checked ? onText : offText}
      </span>
    </button>
  );
}
