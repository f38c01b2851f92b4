import { AccountsScreen } from '@/features/staff-manage';
import { managerMetadata } from '@/features/staff-manage/server';

export const generateMetadata = managerMetadata('staff');

export default function Page() {
  return <AccountsScreen />;
}
