import { notFound } from 'next/navigation';

/**
 * Any unknown path under /staff renders the workspace's own 404 (`staff/not-found.tsx`, in the staff
 * layout) rather than falling into the shop's catch-all and its customer page.
 */
export default function UnknownStaffPage() {
  notFound();
}
