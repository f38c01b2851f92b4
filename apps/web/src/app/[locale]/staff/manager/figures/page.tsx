import { FiguresScreen } from '@/features/staff-manage';
import { managerMetadata } from '@/features/staff-manage/server';

export const generateMetadata = managerMetadata('figures');

export default function Page() {
  return <FiguresScreen />;
}
