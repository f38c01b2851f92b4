'use client';

import type { ReactNode } from 'react';
import { QueryProvider } from '@/lib/query-client';
import { ManagerGate } from './manager-gate';
import { ManagerNav } from './manager-nav';

/** Every manager page: the session check, the sections, and the query cache the screens share. */
export function ManagerShell({ children }: { children: ReactNode }) {
  return (
    <ManagerGate>
      <QueryProvider>
        <div className="mx-auto w-full max-w-[1100px] px-4 pt-2 pb-16 md:px-6">
          <ManagerNav />
          <div className="mt-4">{children}</div>
        </div>
      </QueryProvider>
    </ManagerGate>
  );
}
