import type { FastifyInstance } from 'fastify';
import resourceRoutes from '../resources/index';
import authRoutes from './auth/index';
import appInfoRoutes from './appinfo/index';
import clientConfigRoutes from './common/client-config';
import devRoutes from './dev/index';
import employeeRoutes from './employee/index';
import exportRoutes from './export/index';
import healthRoutes from './health';
import orgRoutes from './org/index';
import msgRoutes from './msg/index';
import printerRoutes from './printer/index';
import printDataRoutes from './print-data/index';
import smmRoutes from './smm/index';
import userCenterRoutes from './usercenter/index';

/** The one list of route groups. A new group is one import and one line here. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(orgRoutes);
  await app.register(employeeRoutes);
  await app.register(clientConfigRoutes);
  await app.register(authRoutes);
  await app.register(smmRoutes);
  await app.register(userCenterRoutes);
  await app.register(printDataRoutes);
  await app.register(msgRoutes);
  await app.register(printerRoutes);
  await app.register(appInfoRoutes);
  await app.register(exportRoutes);
  await app.register(devRoutes);
  await app.register(resourceRoutes, {});
}
