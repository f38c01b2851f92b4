'use client';

import type { TStaffAccount } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { notify } from '@/components/ui/toasts';
import { apiErrorMessage } from '@/lib/api-client';
import { manageKeys, type TAccountUpdateBody, updateAccount } from '../api/manage-api';
import { useStaffApi } from '../lib/staff';

/** Re-reads the accounts list after a write. */
export function useAccountsRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: manageKeys.accounts });
}

/** What each account dialog starts with: its texts, the API, its field ids and the API's refusal. */
export function useAccountDialog() {
  const t = useTranslations('staff-manage');
  const api = useStaffApi();
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const failed = (error: unknown) => setFailure(apiErrorMessage(error, t('common.error')));
  return { t, api, id, failure, setFailure, failed };
}

/** Disables or enables an account from the table, with a toast either way, then re-reads the list. */
export function useSetAccountActive() {
  const t = useTranslations('staff-manage');
  const api = useStaffApi();
  const refresh = useAccountsRefresh();
  return useMutation({
    mutationFn: (vars: { account: TStaffAccount; body: TAccountUpdateBody }) =>
      updateAccount(api, vars.account.id, vars.body),
    onSuccess: (_data, { account, body }) =>
      notify('success', t(body.is_active ? 'staff.enabled' : 'staff.disabledDone', { name: account.name })),
    onError: (error) => notify('error', apiErrorMessage(error, t('common.error'))),
    onSettled: refresh,
  });
}
