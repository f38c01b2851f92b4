'use client';

import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import type { TApiClient } from '@/lib/api-client';
import { createBrowserApi } from '@/lib/browser-api';
import { useConfig } from '@/lib/config-provider';
import { liveStaffToken, useStaffSession } from './session';

/**
 * The API client of the staff workspace: the same client as the storefront's, with the staff token
 * (`Authorization`) instead of the customer's, and a 401 on a signed-in call ending the staff session
 * (never the customer's). Answers are parsed with `contract('ZStaff...')` (lib/browser-contracts.ts).
 */
export function useStaffApi(): TApiClient {
  const config = useConfig();
  const locale = useLocale();
  return useMemo(
    () =>
      createBrowserApi(config, locale, {
        getToken: () => liveStaffToken(),
        // 401: the token no longer works. 403 is a refusal of one action (another branch's order, an
        // event of another role): the screen shows it, the session goes on.
        onUnauthorized: (status) => {
          if (status === 401) useStaffSession.getState().signOut('server');
        },
      }),
    [config, locale],
  );
}
