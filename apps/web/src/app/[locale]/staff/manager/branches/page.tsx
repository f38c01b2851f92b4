import { BranchesScreen } from '@/features/staff-manage';
import { managerMetadata } from '@/features/staff-manage/server';

export const generateMetadata = managerMetadata('branches');

export default function Page() {
  return <BranchesScreen />;
}
