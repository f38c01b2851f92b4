'use client';

import type { TStaffBranch } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { errorClass, inputClass } from '@/components/ui/field-classes';
import { notify } from '@/components/ui/toasts';
import { apiErrorMessage } from '@/lib/api-client';
import { manageKeys, pauseBranch, resumeBranch, saveBranchHours, type TPauseScope } from '../api/manage-api';
import { activePause, clockOf, PAUSE_MINUTES, pauseUntilClock, pauseUntilIn } from '../lib/pause';
import { useStaffApi } from '../lib/staff';
import { QueryState, ScreenTitle, useAppLocale, useManagedBranches } from './parts';
import { TimesForm } from './times-form';

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The time now, moving on every 15 s: a pause that ended shows as ended without a reload. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function useBranchChange<TVars>(branch: TStaffBranch, run: (vars: TVars) => Promise<unknown>) {
  const t = useTranslations('staff-manage');
  const locale = useAppLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onError: (error) =>
      notify(
        'error',
        t('branches.failed', {
          name: branch.name[locale],
          message: apiErrorMessage(error, t('common.error')),
        }),
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: manageKeys.branches }),
  });
}

/** Pause deliveries or the whole branch: 15, 30 or 60 minutes, or until a chosen time. */
function PauseDialog({
  branch,
  scope,
  onClose,
}: {
  branch: TStaffBranch;
  scope: TPauseScope;
  onClose: () => void;
}) {
  const t = useTranslations('staff-manage.branches');
  const locale = useAppLocale();
  const api = useStaffApi();
  const untilId = useId();
  const [clock, setClock] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = branch.name[locale];
  const pause = useBranchChange(branch, (until: string) => pauseBranch(api, branch.id, scope, until));

  const pauseUntil = (until: string) =>
    pause.mutate(until, {
      onSuccess: () => {
        notify('success', t('paused', { name, time: clockOf(until) }));
        onClose();
      },
    });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(scope === 'branch' ? 'pauseBranchOf' : 'pauseDeliveriesOf', { name })}
      description={t('pauseText')}
    >
      <div className="flex flex-wrap gap-2">
        {PAUSE_MINUTES.map((minutes) => (
          <Button
            key={minutes}
            variant="secondary"
            size="lg"
            busy={pause.isPending}
            onClick={() => pauseUntil(pauseUntilIn(minutes, new Date()))}
          >
            {t('forMinutes', { minutes })}
          </Button>
        ))}
      </div>
      <form
        noValidate
        className="mt-5 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const until = pauseUntilClock(clock, new Date());
          if (!until) {
            setError(t('badHours'));
            return;
          }
          setError(null);
          pauseUntil(until);
        }}
      >
        <div className="block">
          <label htmlFor={untilId} className="block font-semibold">
            {t('untilTime')}
          </label>
          <input
            id={untilId}
            type="time"
            className={cn(inputClass, 'min-h-11')}
            value={clock}
            onChange={(e) => setClock(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${untilId}-error` : undefined}
          />
        </div>
        <Button type="submit" busy={pause.isPending} className="min-h-11">
          {t('pauseUntil')}
        </Button>
        {error ? (
          <p id={`${untilId}-error`} role="alert" className={cn(errorClass, 'basis-full')}>
            {error}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}

/** One kind of pause of a branch: running or paused until a time, with 'resume now'. */
function PauseLine({
  branch,
  scope,
  until,
  onPause,
}: {
  branch: TStaffBranch;
  scope: TPauseScope;
  until: string | null;
  onPause: () => void;
}) {
  const t = useTranslations('staff-manage.branches');
  const locale = useAppLocale();
  const api = useStaffApi();
  const name = branch.name[locale];
  const resume = useBranchChange(branch, () => resumeBranch(api, branch.id, scope));
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 py-2">
      <p className="min-w-0 flex-1">
        <span className="font-semibold">{t(scope === 'branch' ? 'wholeBranch' : 'deliveries')}: </span>
        {until ? (
          <span className="font-semibold text-paprika-600">{t('pausedUntil', { time: clockOf(until) })}</span>
        ) : (
          <span className="text-herb-600">{t('running')}</span>
        )}
      </p>
      {until ? (
        <Button
          variant="primary"
          busy={resume.isPending}
          aria-label={t(scope === 'branch' ? 'resumeBranchOf' : 'resumeDeliveriesOf', { name })}
          onClick={() =>
            resume.mutate(undefined, { onSuccess: () => notify('success', t('resumed', { name })) })
          }
        >
          {t('resume')}
        </Button>
      ) : (
        <Button variant="secondary" onClick={onPause}>
          {t(scope === 'branch' ? 'pauseBranch' : 'pauseDeliveries')}
        </Button>
      )}
    </div>
  );
}

/** Opening hours of a branch, HH:mm to HH:mm (past midnight allowed). */
function HoursForm({ branch }: { branch: TStaffBranch }) {
  const t = useTranslations('staff-manage');
  const locale = useAppLocale();
  const api = useStaffApi();
  const id = useId();
  const [start, setStart] = useState(branch.work_hour_start);
  const [end, setEnd] = useState(branch.work_hour_end);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setStart(branch.work_hour_start);
    setEnd(branch.work_hour_end);
  }, [branch.work_hour_start, branch.work_hour_end]);
  const save = useBranchChange(branch, (hours: { start: string; end: string }) =>
    saveBranchHours(api, branch.id, hours.start, hours.end),
  );
  return (
    <form
      noValidate
      aria-label={`${t('branches.hours')}: ${branch.name[locale]}`}
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!CLOCK.test(start) || !CLOCK.test(end)) {
          setError(t('branches.badHours'));
          return;
        }
        setError(null);
        save.mutate(
          { start, end },
          {
            onSuccess: () =>
              notify('success', t('branches.hoursSaved', { name: branch.name[locale], start, end })),
          },
        );
      }}
    >
      <div className="block">
        <label htmlFor={`${id}-start`} className="block text-sm font-semibold">
          {t('branches.opens')}
        </label>
        <input
          id={`${id}-start`}
          type="time"
          className={cn(inputClass, 'min-h-11')}
          value={start}
          onChange={(e) => setStart(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <div className="block">
        <label htmlFor={`${id}-end`} className="block text-sm font-semibold">
          {t('branches.closes')}
        </label>
        <input
          id={`${id}-end`}
          type="time"
          className={cn(inputClass, 'min-h-11')}
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <Button type="submit" variant="secondary" busy={save.isPending} className="min-h-11">
        {save.isPending ? t('common.saving') : t('branches.saveHours')}
      </Button>
      {error ? (
        <p id={`${id}-error`} role="alert" className={cn(errorClass, 'basis-full')}>
          {error}
        </p>
      ) : null}
    </form>
  );
}

/**
 * Branches (issue 13): hours, delivery and cooking times, and pausing deliveries or the whole branch
 * for a while.
 */
export function BranchesScreen() {
  const t = useTranslations('staff-manage.branches');
  const locale = useAppLocale();
  const branches = useManagedBranches();
  const now = useNow();
  const [pausing, setPausing] = useState<{ branch: TStaffBranch; scope: TPauseScope } | null>(null);

  return (
    <section>
      <ScreenTitle>{t('title')}</ScreenTitle>
      <QueryState query={branches}>
        <ul className="flex flex-col gap-4">
          {(branches.data ?? []).map((branch) => (
            <li key={branch.id} className="rounded-card bg-white p-4 shadow-card ring-1 ring-line">
              <h2 className="text-xl font-bold">{branch.name[locale]}</h2>
              <p className="text-sm text-muted">
                {t('deliveryTime', { minutes: branch.delivery_time })}
                {branch.is_active ? null : (
                  <span className="ml-2 font-semibold text-paprika-600">{t('inactive')}</span>
                )}
              </p>
              <h3 className="mt-3 font-bold">{t('hours')}</h3>
              <HoursForm branch={branch} />
              <h3 className="mt-3 font-bold">{t('times')}</h3>
              <TimesForm branch={branch} />
              <div className="mt-3 divide-y divide-line border-t border-line">
                <PauseLine
                  branch={branch}
                  scope="delivery"
                  until={activePause(branch.delivery_paused_until, now)}
                  onPause={() => setPausing({ branch, scope: 'delivery' })}
                />
                <PauseLine
                  branch={branch}
                  scope="branch"
                  until={activePause(branch.paused_until, now)}
                  onPause={() => setPausing({ branch, scope: 'branch' })}
                />
              </div>
            </li>
          ))}
        </ul>
      </QueryState>
      {pausing ? (
        <PauseDialog branch={pausing.branch} scope={pausing.scope} onClose={() => setPausing(null)} />
      ) : null}
    </section>
  );
}
