'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { Dialog } from '@/components/ui/dialog';

/** The form (and react-hook-form with it) loads when a customer opens the dialog, not with the page. */
const ReviewForm = dynamic(() => import('./review-form'), { ssr: false });

export type TReviewTarget = { productId: string; orderId: string; name: string | null };

/** Rating one dish: opened from the order page (each dish) and from the product page. */
export function ReviewDialog({
  target,
  onClose,
  fallbackFocus,
}: {
  target: TReviewTarget | null;
  onClose: () => void;
  /** Where focus goes on close once a review replaced the button that opened the dialog. */
  fallbackFocus?: () => HTMLElement | null | undefined;
}) {
  const t = useTranslations('common.product.reviewForm');
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      fallbackFocus={fallbackFocus}
      title={target?.name ? t('title', { name: target.name }) : t('rateDish')}
    >
      {target && <ReviewForm productId={target.productId} orderId={target.orderId} onDone={onClose} />}
    </Dialog>
  );
}
