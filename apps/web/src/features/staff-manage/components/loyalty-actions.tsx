'use client';

import type { TQueuedLoyaltyMovement } from '@app/contracts';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';

/** An action the manager is asked about first (it cannot be undone). */
export type TLoyaltyAsked = 'settle' | 'not-charged';

/**
 * The actions of one queued movement. A movement still being tried may be in iiko's hands right now:
 * only one whose tries stopped is a person's to try again or settle (the API refuses the rest with
 * 409). A give-back of a charge whose outcome is unknown (the order was never written) can also be
 * marked 'Not charged', once the manager has found no chargeoff in iiko.
 */
export function LoyaltyActions({
  movement,
  local,
  busy,
  onRetry,
  onAsk,
}: {
  movement: TQueuedLoyaltyMovement;
  /** The card is kept by the API itself: nothing can try the movement again. */
  local: boolean;
  busy: boolean;
  onRetry: () => void;
  onAsk: (kind: TLoyaltyAsked) => void;
}) {
  const t = useTranslations('staff-manage.loyalty');
  const order = movement.external_order_id;
  if (movement.state !== 'gave-up') return <span className="text-sm text-muted">{t('automatic')}</span>;
  return (
    <div className="flex flex-wrap gap-2">
      {local ? null : (
        <Button
          size="sm"
          variant="secondary"
          className="min-h-11"
          aria-label={t('retryNamed', { order })}
          busy={busy}
          onClick={onRetry}
        >
          {t('retry')}
        </Button>
      )}
      <Button
        size="sm"
        variant="danger"
        className="min-h-11"
        aria-label={t('settleNamed', { order })}
        busy={busy}
        onClick={() => onAsk('settle')}
      >
        {t('settle')}
      </Button>
      {movement.charge_unknown && movement.order_id === null ? (
        <Button
          size="sm"
          variant="danger"
          className="min-h-11"
          aria-label={t('notChargedNamed', { order })}
          busy={busy}
          onClick={() => onAsk('not-charged')}
        >
          {t('notCharged')}
        </Button>
      ) : null}
    </div>
  );
}
