import { startStandalone } from '@/runtime/subapp/standalone';
import * as lifecycle from './index';

/** `npm run dev:admin` (port 9061): the admin app without the host. */
void startStandalone('admin', lifecycle);
