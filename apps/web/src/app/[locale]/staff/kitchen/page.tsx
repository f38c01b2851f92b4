import { KitchenScreen } from '@/features/staff';

export default function StaffKitchenPage() {
  return <KitchenScreen />;
}
