import { StopListScreen } from '@/features/staff-manage';
import { managerMetadata } from '@/features/staff-manage/server';

export const generateMetadata = managerMetadata('stopList');

export default function Page() {
  return <StopListScreen />;
}
