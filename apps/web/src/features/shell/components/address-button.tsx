'use client';

import { useTranslations } from 'next-intl';
import { cn } from '@/components/ui/cn';
import { ChevronDownIcon, PinIcon } from '@/components/ui/icons';
import { useAddressButtonAction, useAddressPopoverOpen } from '@/features/location';
import { useCommonStore } from '@/lib/stores/common';
import { addressButtonTexts, addressChoice } from '../lib/address-label';

/**
 * The address button: in the header on desktop, as a bar under it on mobile (`variant`). Its accessible
 * name states the mode and the choice ('Choose delivery address: …', or the pickup restaurant), the
 * visible text shows the choice (on the mobile bar cut at 40 characters, spec section 5).
 */
export function AddressButton({ variant }: { variant: 'header' | 'bar' }) {
  const t = useTranslations('location');
  const onClick = useAddressButtonAction();
  const expanded = useAddressPopoverOpen();
  const deliveryType = useCommonStore((s) => s.deliveryType);
  const branchName = useCommonStore((s) => s.branch?.name ?? null);
  const activeAddress = useCommonStore((s) => s.points.find((p) => p.isActive)?.address ?? null);
  const { text, label } = addressButtonTexts(
    addressChoice({ deliveryType, branchName, activeAddress }),
    {
      delivery: t('addressButton'),
      pickup: t('pickupButton'),
      deliveryNamed: (address) => t('addressButtonNamed', { address }),
      pickupNamed: (branch) => t('pickupButtonNamed', { branch }),
    },
    { truncate: variant === 'bar' },
  );
  return (
    <button
      type="button"
      onClick={onClick}
      data-address-button={variant}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      aria-label={label}
      className={cn(
        'flex min-w-0 items-center gap-2 text-left',
        variant === 'header'
          ? 'h-11 max-w-80 rounded-full bg-white px-4 ring-1 ring-line hover:ring-brand-300'
          : 'w-full bg-brand-50 px-4 py-2.5 text-sm',
      )}
    >
      <PinIcon className="h-5 w-5 shrink-0 text-brand-600" />
      <span className="min-w-0 flex-1 truncate font-medium">{text}</span>
      <ChevronDownIcon className="h-4 w-4 shrink-0 text-muted" />
    </button>
  );
}
