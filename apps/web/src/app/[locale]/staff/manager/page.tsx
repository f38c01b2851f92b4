import { OverviewScreen } from '@/features/staff-manage';

export default function ManagerOverviewPage() {
  return <OverviewScreen />;
}
