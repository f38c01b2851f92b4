import { LoyaltyScreen } from '@/features/staff-manage';
import { managerMetadata } from '@/features/staff-manage/server';

export const generateMetadata = managerMetadata('loyalty');

export default function Page() {
  return <LoyaltyScreen />;
}
