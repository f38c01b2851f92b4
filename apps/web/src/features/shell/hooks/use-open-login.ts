'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { withLoginParam } from '@/lib/paths';

/**
 * Opens sign-in by adding `?login` to the current URL (spec section 2). The login dialog (issue 3)
 * opens while the parameter is present and removes it on close.
 */
export function useOpenLogin(): () => void {
  const router = useRouter();
  const pathname = usePathname();
  return useCallback(() => {
    router.push(withLoginParam(pathname, window.location.search), { scroll: false });
  }, [router, pathname]);
}
