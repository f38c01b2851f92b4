'use client';

import type { TQueuedLoyaltyMovement } from '@app/contracts';
import { formatSum } from '@app/domain';
import { useFormatter, useTranslations } from 'next-intl';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button, offButtonProps } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LOYALTY_PAGE_SIZE } from '../api/manage-api';
import {
  type TLoyaltyActionVars,
  useLoyaltyAction,
  useLoyaltyMovements,
} from '../hooks/use-loyalty-movements';
import { LoyaltyActions, type TLoyaltyAsked } from './loyalty-actions';
import { QueryState, ScreenTitle, useAppLocale } from './parts';

/** An element that still holds the focus (not the page's body, not one taken out of the document). */
function focusKept(): boolean {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body && active.isConnected;
}

/** When the tries stopped (given up), or when the next one is due. */
function StateTime({
  movement,
  when,
}: {
  movement: TQueuedLoyaltyMovement;
  when: (iso: string) => ReactNode;
}) {
  const t = useTranslations('staff-manage.loyalty');
  if (movement.state === 'gave-up') {
    return movement.gave_up_at ? (
      <span className="block text-sm text-muted">
        {t('gaveUpAt')} {when(movement.gave_up_at)}
      </span>
    ) : null;
  }
  return (
    <span className="block text-sm text-muted">
      {t('nextAttempt')} {when(movement.next_attempt_at)}
    </span>
  );
}

/**
 * The loyalty outbox (chain manager only): the bonus movements iiko has not taken yet, bonuses given
 * back on a cancel and cashback on a received order, given up first. Each can be tried again now, or
 * marked settled by hand (asked first: it leaves the queue for good). The give-back of bonuses charged
 * for an order never written, whose charge's outcome is unknown, can also be marked 'Not charged'
 * (asked first): iiko shows no chargeoff, so the spend and its give-back leave the customer's history.
 * With the chain's card kept by the API itself (`provider: 'local'`) nothing is ever queued, and the
 * screen says so.
 */
export function LoyaltyScreen() {
  const t = useTranslations('staff-manage');
  const format = useFormatter();
  const locale = useAppLocale();
  const [page, setPage] = useState(1);
  const queue = useLoyaltyMovements(page);
  const action = useLoyaltyAction();
  // The action the confirm dialog asks about, and its movement.
  const [asking, setAsking] = useState<{ kind: TLoyaltyAsked; movement: TQueuedLoyaltyMovement } | null>(
    null,
  );
  const tableRef = useRef<HTMLElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  // An action was taken: when its row leaves (settled, or no longer queued) or moves, the focus that
  // was on its button goes to the table, or to the empty queue's message, not to the top of the page.
  const acted = useRef(false);
  const focusTarget = () => tableRef.current ?? messageRef.current;

  const count = queue.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / LOYALTY_PAGE_SIZE));
  const movements = queue.data?.movements ?? [];
  const local = queue.data?.provider === 'local';

  useEffect(() => {
    // The last row of the last page settled: that page is gone, show the one before.
    if (queue.data && page > pages) setPage(pages);
  }, [queue.data, page, pages]);

  useEffect(() => {
    if (!acted.current || action.isPending || queue.isFetching) return;
    acted.current = false;
    if (!focusKept()) focusTarget()?.focus();
  });

  const run = (vars: TLoyaltyActionVars) => {
    acted.current = true;
    action.mutate(vars);
  };

  const when = (iso: string) => (
    <time dateTime={iso}>
      {format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23' })}
    </time>
  );

  return (
    <section>
      <ScreenTitle>{t('loyalty.title')}</ScreenTitle>
      <QueryState query={queue}>
        {local && movements.length === 0 ? (
          <p ref={messageRef} tabIndex={-1} className="max-w-prose">
            {t('loyalty.local')}
          </p>
        ) : (
          <>
            {/* With the local card, rows an earlier iiko setting left can only be settled by hand. */}
            <p className="mb-4 max-w-prose text-muted">
              {t(local ? 'loyalty.localLeftover' : 'loyalty.intro')}
            </p>
            {movements.length === 0 ? (
              <p ref={messageRef} tabIndex={-1} className="font-semibold">
                {t('loyalty.empty')}
              </p>
            ) : (
              <section
                ref={tableRef}
                className="overflow-x-auto rounded-card bg-white shadow-card ring-1 ring-line"
                // biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on a phone; a scrolling region must be reachable by keyboard (WCAG 2.1.1).
                tabIndex={0}
                aria-label={t('loyalty.title')}
                aria-busy={queue.isFetching}
              >
                <table className="w-full min-w-[56rem] text-left">
                  <caption className="p-3 text-left font-semibold">{t('loyalty.caption', { count })}</caption>
                  <thead className="bg-brand-50 text-sm">
                    <tr>
                      <th scope="col" className="p-3">
                        {t('loyalty.order')}
                      </th>
                      <th scope="col" className="p-3">
                        {t('loyalty.reason')}
                      </th>
                      <th scope="col" className="p-3 text-right">
                        {t('loyalty.amount')}
                      </th>
                      <th scope="col" className="p-3">
                        {t('loyalty.state')}
                      </th>
                      <th scope="col" className="p-3">
                        {t('loyalty.lastError')}
                      </th>
                      <th scope="col" className="p-3">
                        {t('loyalty.actions')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {movements.map((movement) => {
                      const order = movement.external_order_id;
                      const gaveUp = movement.state === 'gave-up';
                      return (
                        <tr key={movement.id} className="border-t border-line align-top">
                          <th scope="row" className="p-3 font-semibold">
                            {order}
                            <span className="block text-sm font-normal text-muted">
                              {t('loyalty.queuedAt')} {when(movement.created_at)}
                            </span>
                          </th>
                          <td className="p-3">
                            {movement.order_id === null
                              ? t('loyalty.reasons.notPlaced')
                              : t(`loyalty.reasons.${movement.reason}`)}
                          </td>
                          <td className="p-3 text-right font-semibold whitespace-nowrap tabular-nums">
                            {formatSum(movement.amount, locale)}
                          </td>
                          <td className="p-3">
                            <span
                              className={cn('font-semibold', gaveUp ? 'text-paprika-600' : 'text-brand-700')}
                            >
                              <span aria-hidden="true">{gaveUp ? '■ ' : '↻ '}</span>
                              {t(gaveUp ? 'loyalty.states.gaveUp' : 'loyalty.states.retrying')}
                            </span>
                            <span className="block text-sm">
                              {t('loyalty.attempts', { count: movement.attempts })}
                            </span>
                            <StateTime movement={movement} when={when} />
                          </td>
                          <td className="max-w-[18rem] p-3 text-sm break-words">
                            {movement.charge_unknown && gaveUp
                              ? t('loyalty.chargeUnknown')
                              : (movement.last_error ?? (
                                  <span className="text-muted">{t('loyalty.notTried')}</span>
                                ))}
                          </td>
                          <td className="p-3">
                            <LoyaltyActions
                              movement={movement}
                              local={local}
                              busy={action.isPending}
                              onRetry={() => run({ action: 'retry', movement })}
                              onAsk={(kind) => setAsking({ kind, movement })}
                            />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </section>
            )}
            {pages > 1 ? (
              <nav aria-label={t('loyalty.pages')} className="mt-4 flex flex-wrap items-center gap-3">
                {/* Off at either end without losing the focus, as the audit log's. */}
                <Button
                  variant="secondary"
                  {...offButtonProps(page <= 1, () => setPage((p) => Math.max(1, p - 1)))}
                >
                  {t('loyalty.previous')}
                </Button>
                <span aria-live="polite">{t('loyalty.page', { page, pages })}</span>
                <Button
                  variant="secondary"
                  {...offButtonProps(page >= pages, () => setPage((p) => Math.min(pages, p + 1)))}
                >
                  {t('loyalty.next')}
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </QueryState>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={
          asking
            ? t(asking.kind === 'settle' ? 'loyalty.settleTitle' : 'loyalty.notChargedTitle', {
                order: asking.movement.external_order_id,
              })
            : ''
        }
        description={
          asking
            ? t(asking.kind === 'settle' ? 'loyalty.settleText' : 'loyalty.notChargedText', {
                amount: formatSum(asking.movement.amount, locale),
              })
            : undefined
        }
        confirmLabel={t(asking?.kind === 'not-charged' ? 'loyalty.notCharged' : 'loyalty.settle')}
        destructive
        fallbackFocus={focusTarget}
        onConfirm={() => {
          if (asking) run({ action: asking.kind, movement: asking.movement });
        }}
      />
    </section>
  );
}
