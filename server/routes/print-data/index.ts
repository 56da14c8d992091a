import type { FastifyInstance } from 'fastify';
import obtainOrderRoutes from './obtain-order';
import shopOrderRoutes from './shop-order';
import transferPrintRoutes from './transfer-print';

/**
 * The data of the print pages (SPEC 2.14) that the resource engine does not serve: the shop-app order
 * slip, the department requisition and the transfer requisition print. Pick and stock-out sheets read
 * the resource endpoints (schemas/resources). Pinned by tests/server/print-data.test.ts.
 */
export default async function printDataRoutes(app: FastifyInstance) {
  await app.register(shopOrderRoutes);
  await app.register(obtainOrderRoutes);
  await app.register(transferPrintRoutes);
}
