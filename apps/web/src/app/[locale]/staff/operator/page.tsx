import { OperatorScreen } from '@/features/staff';

export default function StaffOperatorPage() {
  return <OperatorScreen />;
}
