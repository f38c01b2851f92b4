'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { notify } from '@/components/ui/toasts';
import { useApiFactory } from '@/lib/config-provider';
import { useAuthStore } from '@/lib/stores/auth';
import { revokeToken } from '../lib/auth-api';

/**
 * Sign-out (spec section 4): revokes the token on the API, resets the auth state and deletes cookie
 * `user_id`. The customer is signed out here whatever the API answers: a failed revoke (offline, an
 * already expired token) must not keep them signed in. The call carries the token it revokes, and
 * a 401 on it is not a "session expired" (the customer is leaving anyway).
 */
export function useSignOut(): () => void {
  const apiWithToken = useApiFactory();
  const t = useTranslations('common.auth');
  return useCallback(() => {
    const token = useAuthStore.getState().user?.access_token;
    useAuthStore.getState().logout();
    notify('success', t('signedOut'));
    if (!token) return;
    const api = apiWithToken({ getToken: () => token });
    revokeToken(api).catch(() => {
      // Ignored on purpose: the local sign-out has happened; the token expires on its own.
    });
  }, [apiWithToken, t]);
}
