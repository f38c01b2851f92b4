'use client';

import { ADDRESS_MAX_CHARS } from '@app/domain';
import { useTranslations } from 'next-intl';
import { cn } from '@/components/ui/cn';
import { ChevronDownIcon, PinIcon } from '@/components/ui/icons';
import { useAddressButtonAction, useAddressPopoverOpen } from '@/features/location';
import { useCommonStore } from '@/lib/stores/common';
import { truncate } from '../lib/format';

/** The current delivery address, or the pickup branch, or the prompt to choose one. */
function useAddressLabel(): string | null {
  const deliveryType = useCommonStore((s) => s.deliveryType);
  const branch = useCommonStore((s) => s.branch);
  const active = useCommonStore((s) => s.points.find((p) => p.isActive));
  if (deliveryType === 'self-pickup' && branch) return branch.name;
  return active?.address ?? null;
}

/**
 * The address button: in the header on desktop, as a bar under it on mobile (`variant`). Its accessible
 * name always states the action ('Choose delivery address'), the visible text shows the choice.
 */
export function AddressButton({ variant }: { variant: 'header' | 'bar' }) {
  const t = useTranslations('location');
  const onClick = useAddressButtonAction();
  const expanded = useAddressPopoverOpen();
  const label = useAddressLabel();
  const text = label ?? t('addressButton');
  return (
    <button
      type="button"
      onClick={onClick}
      data-address-button={variant}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      aria-label={label ? `${t('addressButton')}: ${label}` : t('addressButton')}
      className={cn(
        'flex min-w-0 items-center gap-2 text-left',
        variant === 'header'
          ? 'h-11 max-w-80 rounded-full bg-white px-4 ring-1 ring-line hover:ring-brand-300'
          : 'w-full bg-brand-50 px-4 py-2.5 text-sm',
      )}
    >
      <PinIcon className="h-5 w-5 shrink-0 text-brand-600" />
      <span className="min-w-0 flex-1 truncate font-medium">
        {variant === 'bar' ? truncate(text, ADDRESS_MAX_CHARS) : text}
      </span>
      <ChevronDownIcon className="h-4 w-4 shrink-0 text-muted" />
    </button>
  );
}
