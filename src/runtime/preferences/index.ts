export {
  applyPreferences,
  getPreferences,
  type Preferences,
  PREFERENCES_KEY,
  subscribePreferences,
  usePreferences,
} from './store';
export { choosePreferences, pullPreferences } from './sync';
