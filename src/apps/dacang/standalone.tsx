import { startStandalone } from '@/runtime/subapp/standalone';
import * as lifecycle from './index';

/** `npm run dev:dacang` (port 9062): the dacang app without the host. */
void startStandalone('dacang', lifecycle);
