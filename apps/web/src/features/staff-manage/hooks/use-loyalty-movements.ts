'use client';

import type { TQueuedLoyaltyMovement } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { notify } from '@/components/ui/toasts';
import { apiErrorMessage } from '@/lib/api-client';
import {
  fetchLoyaltyMovements,
  manageKeys,
  notChargedLoyaltyMovement,
  retryLoyaltyMovement,
  settleLoyaltyMovement,
} from '../api/manage-api';
import { useStaffApi } from '../lib/staff';

/** One page of the loyalty outbox (the previous page stays on screen while the next one loads). */
export function useLoyaltyMovements(page: number) {
  const api = useStaffApi();
  return useQuery({
    queryKey: manageKeys.loyalty(page),
    queryFn: ({ signal }) => fetchLoyaltyMovements(api, page, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * 'Try again now', 'Settled by hand' (the manager credited it in iiko; it leaves the queue), or, for a
 * give-back of a charge whose outcome is unknown, 'Not charged' (iiko shows no chargeoff: the spend
 * and its give-back leave the customer's history).
 */
export type TLoyaltyAction = 'retry' | 'settle' | 'not-charged';
export type TLoyaltyActionVars = { action: TLoyaltyAction; movement: TQueuedLoyaltyMovement };

const CALLS = {
  retry: retryLoyaltyMovement,
  settle: settleLoyaltyMovement,
  'not-charged': notChargedLoyaltyMovement,
} as const satisfies Record<TLoyaltyAction, unknown>;

const DONE = {
  retry: 'retried',
  settle: 'settled',
  'not-charged': 'notChargedDone',
} as const satisfies Record<TLoyaltyAction, string>;

/**
 * One action on a queued movement, with a toast either way (the API's message on a refusal: it is no
 * longer queued, say). It is under way until the queue has been read again, so its button stays busy
 * until the row shows what the action did.
 */
export function useLoyaltyAction() {
  const t = useTranslations('staff-manage');
  const api = useStaffApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, movement }: TLoyaltyActionVars) => CALLS[action](api, movement.id),
    onSuccess: (_answer, { action, movement }) =>
      notify('success', t(`loyalty.${DONE[action]}`, { order: movement.external_order_id })),
    onError: (error, { movement }) =>
      notify(
        'error',
        t('loyalty.failed', {
          order: movement.external_order_id,
          message: apiErrorMessage(error, t('common.error')),
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: manageKeys.loyaltyAll }),
  });
}
