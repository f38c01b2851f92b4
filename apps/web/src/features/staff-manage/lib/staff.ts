/** The staff workspace's session and API client (features/staff), in one place for these screens. */
export { useStaffApi, useStaffSession } from '@/features/staff';
