/**
 * The manager's screens of the staff workspace (issue 13): stop list, prices, branches (hours and
 * pauses), staff accounts, figures, the audit log and the queue of bonus movements iiko has not taken
 * (the chain's manager only), under `/staff/manager`. Client-side: the staff session lives in the
 * browser; every call goes through `useStaffApi()` with the staff token.
 */
export { AccountsScreen } from './components/accounts-screen';
export { AuditScreen } from './components/audit-screen';
export { BranchesScreen } from './components/branches-screen';
export { FiguresScreen } from './components/figures-screen';
export { LoyaltyScreen } from './components/loyalty-screen';
export { ManagerShell } from './components/manager-shell';
export { OverviewScreen } from './components/overview-screen';
export { PricesScreen } from './components/prices-screen';
export { StopListScreen } from './components/stop-list-screen';
export { managerPaths } from './lib/manager-paths';
