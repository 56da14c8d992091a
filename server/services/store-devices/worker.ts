import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';
import { type PeriodicWorker, startPeriodic } from '../periodic';
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

/** The device and price-tag passes (issue 19.2, 19.3): at start, then every interval, one at a time. */
export function registerStoreDevices(app: FastifyInstance): void {
  const provider = deviceProviderFor(app.config);
  if (!provider || !app.config.deviceWorker) return;
  let worker: PeriodicWorker | undefined;
  app.addHook('onReady', async () => {
    worker = startPeriodic(
      async () => {
        await runDevicePass(app.db, provider);
        await runTagPass(app.db, provider);
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
