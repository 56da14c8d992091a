import { Spin } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styles from './layout.module.css';
import { tabStateStore } from './shell-state';

/** The prefix of the refresh route (SPEC 2.1): /redirect/{path}. */
export const REDIRECT_PREFIX = '/redirect';

/** The refresh address of a page: /redirect + its path and query. */
export const redirectPath = (fullPath: string) =>
  `${REDIRECT_PREFIX}${fullPath.startsWith('/') ? '' : '/'}${fullPath}`;

/**
 * /redirect/{path} (SPEC 2.1, 4): refreshes a tab. The page has already left the screen (the sub-app's
 * router does not render host paths); its kept state is dropped and the path shown again, fresh.
 * Log detail pages (/log/LogDetail/{tableName}) reload through here too.
 */
export default function RedirectPage() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const target = location.pathname.slice(REDIRECT_PREFIX.length) || '/home';
    tabStateStore.drop(target);
    navigate(`${target}${location.search}${location.hash}`, { replace: true });
  }, [location, navigate]);
  return (
    <div className={styles.pageLoading}>
      <Spin />
    </div>
  );
}
