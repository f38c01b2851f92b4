/**
 * The staff workspace's session and API client (features/staff), in one place for these screens.
 * Until features/staff has its index.ts (the workspace shell, another part of issue 13), they come
 * from its files.
 */
export { useStaffApi } from '@/features/staff/api';
export { useStaffSession } from '@/features/staff/session';
