/**
 * Sign-in and the customer's session (issue 3), all client-side: the slot the layout mounts (login
 * dialog on `?login`, session check, expiry toast; the dialog itself loads on demand), the profile
 * page, and the hooks other features use to open the dialog, require a customer or sign out.
 */
export { AuthSlot } from './components/auth-slot';
export { ProfileView } from './components/profile-view';
export { type TOpenLoginOptions, useOpenLogin } from './hooks/use-open-login';
export { type TRequireCustomer, useRequireCustomer } from './hooks/use-require-customer';
export { useSignOut } from './hooks/use-sign-out';
