'use client';

import type { ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { useRouter } from '@/i18n/navigation';
import { ProductDialogClose } from './product-dialog-context';

/**
 * The product opened from the menu (an intercepted route): a modal over the menu, full-screen below
 * md. Closing goes back in history, so the menu stays where the customer left it and the browser's
 * back button closes it too.
 */
export function ProductDialog({ title, children }: { title: string; children: ReactNode }) {
  const router = useRouter();
  const close = () => router.back();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title={title}
      hideTitle
      fullScreenOnMobile
      className="md:w-[min(94vw,60rem)]!"
    >
      <ProductDialogClose.Provider value={close}>{children}</ProductDialogClose.Provider>
    </Dialog>
  );
}
