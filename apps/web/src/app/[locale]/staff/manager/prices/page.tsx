import { PricesScreen } from '@/features/staff-manage';
import { managerMetadata } from '@/features/staff-manage/server';

export const generateMetadata = managerMetadata('prices');

export default function Page() {
  return <PricesScreen />;
}
