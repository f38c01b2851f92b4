import { CourierScreen } from '@/features/staff';

export default function StaffCourierPage() {
  return <CourierScreen />;
}
