import { StaffSignIn } from '@/features/staff';

/** /staff: the workspace's sign-in; a signed-in member is sent to the role's screen. */
export default function StaffSignInPage() {
  return <StaffSignIn />;
}
