import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';
import { contractRoute } from '../../http/contract-route';
import { ApiError } from '../../http/envelope';
import { devDevicesPass } from '../../../src/schema/contracts/dev';
import { type PeriodicWorker, startPeriodic } from '../periodic';
import type { AiMonitorProvider } from './ai-provider';
import { completeImages, runAiPass } from './ai-pass';
import { demoAiProvider } from './demo-ai-provider';
import { demoDeviceProvider } from './demo-provider';
import { runDevicePass } from './device-pass';
import type { DeviceProvider } from './provider';
import { runTagPass } from './tag-pass';

/** Heartbeats arrive about every minute; tags should change within seconds of a price. */
export const DEVICE_PASS_INTERVAL_MS = 10_000;

/**
 * The configured device cloud (DEVICE_PROVIDER): `demo` (the default in demo mode) answers offline and
 * deterministically; `none` (the default otherwise) means no device cloud is connected yet, so no pass
 * runs and nothing pretends devices are online. A vendor's implementation is one more case here.
 */
export function deviceProviderFor(config: Pick<ServerConfig, 'deviceProvider'>): DeviceProvider | undefined {
  return config.deviceProvider === 'demo' ? demoDeviceProvider() : undefined;
}

/**
 * The AI store-monitoring service (issue 19.5) comes with the device cloud, whose cameras it watches:
 * the demo device cloud has the demo AI service; a vendor's pair is one more case here.
 */
export function aiProviderFor(config: Pick<ServerConfig, 'deviceProvider'>): AiMonitorProvider | undefined {
  return config.deviceProvider === 'demo' ? demoAiProvider() : undefined;
}

/**
 * The device, price-tag and AI passes (issue 19.2, 19.3, 19.5): at start, then every interval, one at
 * a time. At start (worker or not) events stored without a still, the demo rows, get theirs.
 */
export function registerStoreDevices(app: FastifyInstance): void {
  const provider = deviceProviderFor(app.config);
  if (!provider) return;
  const ai = aiProviderFor(app.config);
  registerDevPass(app, provider, ai);
  if (ai) app.addHook('onReady', async () => void (await completeImages(app.db, ai)));
  if (!app.config.deviceWorker) return;
  let worker: PeriodicWorker | undefined;
  app.addHook('onReady', async () => {
    worker = startPeriodic(
      async () => {
        await runDevicePass(app.db, provider);
        await runTagPass(app.db, provider);
        if (ai) await runAiPass(app.db, ai);
      },
      app.log,
      'device pass failed',
      DEVICE_PASS_INTERVAL_MS,
    );
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
  });
}

/**
 * Demo mode only (like POST /api/dev/schedules/pass): one device, tag and AI pass as of a given moment,
 * `POST /api/dev/devices/pass { at }`, so a demo or a browser test shows a price reaching its tags,
 * retries after their back-off and offline alerts without waiting. The passes are the worker's own.
 * Callers need the push-job page (headquarters and store managers).
 */
function registerDevPass(app: FastifyInstance, provider: DeviceProvider, ai?: AiMonitorProvider): void {
  if (!app.config.demo || app.config.production) return;
  contractRoute(
    app,
    devDevicesPass,
  )({
    config: { permission: '/admin/storeDevice/tagPushJobList' },
    handler: async (request) => {
      const at = new Date(request.body.at);
      if (Number.isNaN(at.getTime())) throw ApiError.badRequest('时间格式不正确');
      const devices = await runDevicePass(app.db, provider, at);
      const tags = await runTagPass(app.db, provider, at);
      const events = ai ? await runAiPass(app.db, ai, at) : { detected: 0, created: 0, images: 0 };
      return { devices, tags, ai: events };
    },
  });
}
