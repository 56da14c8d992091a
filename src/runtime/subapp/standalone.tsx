import { t } from '@/i18n';
import { getProfile, getToken, setProfile } from '../session';
import { userInfo } from '@/schema/contracts/session';
import { callContract } from '../request';
import { SUB_APP_PREFIX, type SubAppName } from './apps';
import type { SubAppLifecycle } from './types';

/**
 * Runs a sub-app on its own for development (SPEC 9: ports 9061 and 9062; `npm run dev:admin`,
 * `npm run dev:dacang`). Sign in on the host first: the token cookie is shared by every port of the
 * same host name, and the profile is fetched from the server when this origin has none.
 */
export async function startStandalone(name: SubAppName, lifecycle: SubAppLifecycle): Promise<void> {
  const container = document.getElementById('root')!;
  if (!getToken()) {
    container.textContent = t('errors.signInFirst');
    return;
  }
  if (!getProfile()?.permissions.length) {
    setProfile(await callContract(userInfo, {}));
  }
  if (!window.location.pathname.toLowerCase().startsWith(SUB_APP_PREFIX[name])) {
    window.history.replaceState(null, '', `${SUB_APP_PREFIX[name]}/home`);
  }
  await lifecycle.bootstrap();
  await lifecycle.mount(container, { name, basename: SUB_APP_PREFIX[name] });
}
