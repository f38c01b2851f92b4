import { AuditScreen } from '@/features/staff-manage';
import { managerMetadata } from '@/features/staff-manage/server';

export const generateMetadata = managerMetadata('audit');

export default function Page() {
  return <AuditScreen />;
}
