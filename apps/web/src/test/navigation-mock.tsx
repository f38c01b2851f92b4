import type { ReactNode } from 'react';
import { vi } from 'vitest';

/**
 * A stand-in for '@/i18n/navigation' in component tests: links are plain anchors with their props,
 * the router's moves are spies. Use: `vi.mock('@/i18n/navigation', () => import('@/test/navigation-mock'))`.
 */
export const Link = ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
  <a href={href} {...rest}>
    {children}
  </a>
);

export const useRouter = () => ({ replace: vi.fn(), push: vi.fn() });
