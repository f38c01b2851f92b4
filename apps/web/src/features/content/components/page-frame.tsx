import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/** The frame of a content page: a centred column, the page's h1 and an optional lead. */
export function PageFrame({
  title,
  lead,
  wide,
  children,
  before,
}: {
  title: ReactNode;
  lead?: ReactNode;
  /** Grids (gallery, lists) use the full width; reading pages a narrower column. */
  wide?: boolean;
  /** Above the title: a back link. */
  before?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={cn('mx-auto px-4 py-8 md:px-6 md:py-12', wide ? 'max-w-[1248px]' : 'max-w-3xl')}>
      {before}
      <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">{title}</h1>
      {lead ? <p className="mt-3 text-lg text-muted">{lead}</p> : null}
      <div className="mt-8">{children}</div>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-card bg-white p-8 text-center text-muted ring-1 ring-line">{children}</p>;
}
