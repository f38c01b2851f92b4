'use client';

import { useEffect } from 'react';
import { useApi } from '@/lib/config-provider';
import { useAuthStore } from '@/lib/stores/auth';
import { fetchMe } from '../lib/auth-api';
import { forgetSessionCheck, isSessionChecked, markSessionChecked } from '../lib/session-checked';

/**
 * Loaded only for a signed-in customer: asks the API once per page load who the stored token
 * belongs to. A revoked or expired token answers 401, which signs the customer out with a toast
 * (useApi); a good one refreshes the stored name, phone and birth date.
 */
export function SessionCheck() {
  const api = useApi();
  const token = useAuthStore((s) => s.user?.access_token);
  useEffect(() => {
    if (!token || isSessionChecked(token)) return;
    markSessionChecked(token);
    fetchMe(api)
      .then((customer) => {
        if (useAuthStore.getState().user?.access_token === token) {
          useAuthStore.getState().updateProfile(customer);
        }
      })
      .catch(() => {
        // 401/403 already signed the customer out; a network error leaves them signed in.
        forgetSessionCheck(token);
      });
  }, [api, token]);
  return null;
}
