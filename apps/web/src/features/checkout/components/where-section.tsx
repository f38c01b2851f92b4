'use client';

import type { TDeliveryType } from '@app/contracts';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { useCommonStore } from '@/lib/stores/common';
import type { TCheckoutPlace } from '../hooks/use-checkout-place';
import { Section } from './form-parts';

/** Opens the map dialog (features/location), on the given tab or on the current delivery type's. */
const openMap = (tab?: TDeliveryType) => useCommonStore.getState().setMapModal(true, tab);

/**
 * Where the order goes (delivery address or pickup restaurant), changed in the map dialog. `missingId`:
 * the id of the text asking for one while none is chosen (a place-order blocker).
 */
export function WhereSection({ place, missingId }: { place: TCheckoutPlace; missingId?: string }) {
  const t = useTranslations('order.checkout.where');
  const id = useId();
  const pickup = place.kind === 'pickup' || place.kind === 'need-branch';
  return (
    <Section id={`${id}-title`} title={pickup ? t('pickupTitle') : t('deliveryTitle')}>
      {place.kind === 'delivery' || place.kind === 'pickup' ? (
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div data-testid="checkout-where">
            <p className="text-sm text-muted">{place.kind === 'delivery' ? t('address') : t('branch')}</p>
            {place.kind === 'delivery' ? (
              <p className="font-medium">
                {place.address || `${place.location.lat}, ${place.location.long}`}
              </p>
            ) : (
              <>
                <p className="font-medium">{place.branch.name}</p>
                <p className="text-sm text-muted">{place.branch.address}</p>
              </>
            )}
          </div>
          <Button variant="secondary" size="sm" onClick={() => openMap()}>
            {t('change')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-3">
          <p id={missingId} className="text-muted">
            {place.kind === 'need-branch' ? t('needBranch') : t('needAddress')}
          </p>
          <Button onClick={() => openMap()}>
            {place.kind === 'need-branch' ? t('chooseBranch') : t('chooseAddress')}
          </Button>
        </div>
      )}
    </Section>
  );
}

/**
 * The delivery point is outside every zone (spec section 5): 'Order pickup' opens the map dialog on
 * its pickup tab, 'Another address' on its delivery tab.
 */
export function OutOfZoneNotice({ id }: { id?: string }) {
  const t = useTranslations('order.checkout.where');
  const tLocation = useTranslations('location');
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-card bg-brand-50 p-4 text-sm">
      {/* The message alone describes the place-order button, not the choices after it. */}
      <p id={id}>{tLocation('outOfZone')}</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => openMap('self-pickup')}>
          {t('orderPickup')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => openMap('delivery')}>
          {t('anotherAddress')}
        </Button>
      </div>
    </div>
  );
}
