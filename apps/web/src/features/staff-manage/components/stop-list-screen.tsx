'use client';

import type { TStopListItem, TStopListResponse } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useState } from 'react';
import { notify } from '@/components/ui/toasts';
import { apiErrorMessage } from '@/lib/api-client';
import { changeStopList, fetchStopList, manageKeys, type TStopChange } from '../api/manage-api';
import { useStaffApi } from '../lib/staff';
import { groupStopList, withStopChange } from '../lib/stop-list';
import {
  BranchSelect,
  QueryState,
  ScreenTitle,
  SearchField,
  Switch,
  useAppLocale,
  useManagedBranches,
} from './parts';

/**
 * The stop list of one branch (issue 13): every product of its menu with its modifiers, each with a
 * switch 'available / unavailable now'. A tap shows at once (optimistic); a refusal puts it back and
 * says why in a toast.
 */
export function StopListScreen() {
  const t = useTranslations('staff-manage');
  const locale = useAppLocale();
  const api = useStaffApi();
  const ids = { branch: useId(), search: useId() };
  const branches = useManagedBranches();
  const [branchId, setBranchId] = useState('');
  const [query, setQuery] = useState('');
  const firstBranch = branches.data?.[0]?.id;
  useEffect(() => {
    if (!branchId && firstBranch) setBranchId(firstBranch);
  }, [branchId, firstBranch]);

  const queryClient = useQueryClient();
  const key = manageKeys.stopList(branchId);
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchStopList(api, branchId, signal),
    enabled: branchId !== '',
  });

  const change = useMutation({
    mutationFn: (vars: TStopChange & { title: string; branchId: string }) =>
      changeStopList(api, vars.branchId, { kind: vars.kind, id: vars.id, stopped: vars.stopped }),
    onMutate: async (vars) => {
      const listKey = manageKeys.stopList(vars.branchId);
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueryData<TStopListResponse>(listKey);
      if (before) queryClient.setQueryData(listKey, withStopChange(before, vars));
      return { before, listKey };
    },
    onError: (error, vars, context) => {
      if (context?.before) queryClient.setQueryData(context.listKey, context.before);
      notify(
        'error',
        t('stopList.failed', { name: vars.title, message: apiErrorMessage(error, t('common.error')) }),
      );
    },
    onSuccess: (_answer, vars) => {
      notify('success', t(vars.stopped ? 'stopList.nowStopped' : 'stopList.nowBack', { name: vars.title }));
    },
    onSettled: (_data, _error, vars) => {
      void queryClient.invalidateQueries({ queryKey: manageKeys.stopList(vars.branchId) });
    },
  });

  const groups = useMemo(
    () => (list.data ? groupStopList(list.data.items, locale, query) : []),
    [list.data, locale, query],
  );
  const stoppedCount = list.data?.items.filter((i) => i.stopped).length ?? 0;

  const toggle = (item: TStopListItem, available: boolean) =>
    change.mutate({ kind: item.kind, id: item.id, stopped: !available, title: item.title[locale], branchId });

  const itemSwitch = (item: TStopListItem) => (
    <Switch
      checked={!item.stopped}
      onChange={(available) => toggle(item, available)}
      label={t('stopList.switchNamed', { name: item.title[locale] })}
      onText={t('stopList.available')}
      offText={t('stopList.unavailable')}
    />
  );

  return (
    <section>
      <ScreenTitle>{t('stopList.title')}</ScreenTitle>
      <QueryState query={branches}>
        <div className="flex flex-col gap-3 md:flex-row md:items-end">
          <BranchSelect
            id={ids.branch}
            branches={branches.data ?? []}
            value={branchId}
            onChange={(id) => setBranchId(id)}
          />
          <SearchField id={ids.search} label={t('stopList.search')} value={query} onChange={setQuery} />
        </div>
        {branchId ? (
          <QueryState query={list}>
            <p role="status" className="mt-4 font-semibold">
              {t('stopList.stoppedCount', { count: stoppedCount })}
            </p>
            {groups.length === 0 ? (
              <p className="mt-4 text-muted">{t('stopList.nothingFound')}</p>
            ) : (
              <ul className="mt-3 flex flex-col gap-3">
                {groups.map(({ product, modifiers }) => (
                  <li key={product.id} className="rounded-card bg-white p-3 shadow-card ring-1 ring-line">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <h2 className="min-w-0 flex-1 text-lg font-bold break-words">
                        {product.title[locale]}
                      </h2>
                      {itemSwitch(product)}
                    </div>
                    {modifiers.length > 0 ? (
                      <ul
                        aria-label={t('stopList.modifiers', { name: product.title[locale] })}
                        className="mt-2 flex flex-col gap-1 border-t border-line pt-2"
                      >
                        {modifiers.map((m) => (
                          <li
                            key={`${m.product_id}:${m.id}`}
                            className="flex flex-wrap items-center justify-between gap-2 pl-3"
                          >
                            <span className="min-w-0 flex-1 break-words">{m.title[locale]}</span>
                            {itemSwitch(m)}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        ) : null}
      </QueryState>
    </section>
  );
}
