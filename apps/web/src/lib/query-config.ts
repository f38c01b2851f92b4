import {
  QUERY_GC_TIME_MS,
  QUERY_REFETCH_ON_WINDOW_FOCUS,
  QUERY_RETRIES,
  QUERY_STALE_TIME_MS,
  queryRetryDelay,
} from '@app/domain';
import { QueryClient } from '@tanstack/react-query';
import { isApiFailure } from './api-client';

// Spec section 9: 3 retries, exponential backoff capped at 30 s, 5-minute cache, no refetch on focus.

export function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx will answer the same the next time; retrying only delays the message the user needs.
  if (isApiFailure(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: QUERY_REFETCH_ON_WINDOW_FOCUS,
        retry: shouldRetry,
        retryDelay: queryRetryDelay,
        gcTime: QUERY_GC_TIME_MS,
        staleTime: QUERY_STALE_TIME_MS,
      },
    },
  });
}
