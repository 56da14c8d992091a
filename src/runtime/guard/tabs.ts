import { removeItem } from '../session/storage';

/** Local storage key of the layout's tab list (src/host/layout keeps its tabs there). */
export const TABS_KEY = 'tabs';

export function clearTabs(): void {
  removeItem('localStorage', TABS_KEY);
}
