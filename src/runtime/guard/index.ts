/** The route guard (SPEC 4): a pure decision, the storages it reads, and the React wrapper. */
export {
  decideAfterRecovery,
  decideRoute,
  GUARD_FAILED_MSG,
  type GuardDecision,
  type GuardInput,
  hasUser,
  isNoAuthPath,
  LOGIN_PATH,
} from './decide';
export { readGuardInput } from './browser-input';
export { recoverProfile, USER_INFO_PATH } from './recover';
export { RequireAuth } from './RequireAuth';
export { clearTabs, TABS_KEY } from './tabs';
