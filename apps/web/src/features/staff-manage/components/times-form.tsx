'use client';

import type { TStaffBranch } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { errorClass, inputClass } from '@/components/ui/field-classes';
import { notify } from '@/components/ui/toasts';
import { apiErrorMessage, isApiFailure } from '@/lib/api-client';
import { manageKeys, saveBranchTimes } from '../api/manage-api';
import {
  BRANCH_TIME_FIELDS,
  branchTimesBody,
  MAX_BRANCH_MINUTES,
  MIN_BRANCH_MINUTES,
  refusedTimeFields,
  type TBranchTimeField,
  type TBranchTimes,
} from '../lib/branch-times';
import { useStaffApi } from '../lib/staff';
import { useAppLocale } from './parts';

const TIME_LABELS = {
  delivery_time: 'branches.deliveryMinutes',
  cooking_time: 'branches.cookingMinutes',
} as const satisfies Record<TBranchTimeField, string>;

const typedTimes = (branch: TStaffBranch): Record<TBranchTimeField, string> => ({
  delivery_time: String(branch.delivery_time),
  cooking_time: String(branch.cooking_time),
});

/**
 * A branch's delivery time and cooking time, whole minutes 1..600 (what the staff screens' timers of
 * a delivery and of a pickup count against). A refusal, the form's or the API's, stays in the form.
 */
export function TimesForm({ branch }: { branch: TStaffBranch }) {
  const t = useTranslations('staff-manage');
  const locale = useAppLocale();
  const api = useStaffApi();
  const queryClient = useQueryClient();
  const id = useId();
  const [typed, setTyped] = useState(() => typedTimes(branch));
  const [error, setError] = useState<{ message: string; fields: TBranchTimeField[] } | null>(null);
  useEffect(() => {
    setTyped({ delivery_time: String(branch.delivery_time), cooking_time: String(branch.cooking_time) });
  }, [branch.delivery_time, branch.cooking_time]);
  const save = useMutation({
    mutationFn: (times: TBranchTimes) => saveBranchTimes(api, branch.id, times),
    onSuccess: (_saved, times) =>
      notify(
        'success',
        t('branches.timesSaved', {
          name: branch.name[locale],
          delivery: times.delivery_time,
          cooking: times.cooking_time,
        }),
      ),
    // The API's own words (in the page's language), and the fields it names marked.
    onError: (failure) =>
      setError({
        message: apiErrorMessage(failure, t('common.error')),
        fields: isApiFailure(failure) ? refusedTimeFields(failure.data.fields) : [],
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: manageKeys.branches }),
  });
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <form
      noValidate
      aria-label={`${t('branches.times')}: ${branch.name[locale]}`}
      aria-describedby={hintId}
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const checked = branchTimesBody(typed);
        if (!checked.ok) {
          setError({ message: t('branches.badMinutes'), fields: checked.invalid });
          return;
        }
        setError(null);
        save.mutate(checked.body);
      }}
    >
      <p id={hintId} className="basis-full text-sm text-muted">
        {t('branches.timesText')}
      </p>
      {BRANCH_TIME_FIELDS.map((field) => {
        const invalid = error?.fields.includes(field) ?? false;
        return (
          <div key={field} className="block">
            <label htmlFor={`${id}-${field}`} className="block text-sm font-semibold">
              {t(TIME_LABELS[field])}
            </label>
            <input
              id={`${id}-${field}`}
              name={field}
              type="number"
              inputMode="numeric"
              min={MIN_BRANCH_MINUTES}
              max={MAX_BRANCH_MINUTES}
              step={1}
              required
              className={cn(inputClass, 'min-h-11 w-28')}
              value={typed[field]}
              onChange={(e) => setTyped((now) => ({ ...now, [field]: e.target.value }))}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
        );
      })}
      <Button type="submit" variant="secondary" busy={save.isPending} className="min-h-11">
        {save.isPending ? t('common.saving') : t('branches.saveTimes')}
      </Button>
      {error ? (
        <p id={errorId} role="alert" className={cn(errorClass, 'basis-full')}>
          {error.message}
        </p>
      ) : null}
    </form>
  );
}
