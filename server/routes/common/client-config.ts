import type { FastifyInstance } from 'fastify';
import { clientConfig } from '../../../src/schema/contracts/session';
import { contractRoute } from '../../http/contract-route';
import { uploadSecret } from '../../services/upload';

/**
 * GET /api/v1/common/clientConfig: what the page needs before its first signed call: the signing
 * secret (SPEC 7; generated per installation, see server/security/keys.ts), the upload-signing secret, the
 * login public key and
 * the application code. Unsigned by necessity.
 */
export default async function clientConfigRoutes(app: FastifyInstance) {
  contractRoute(
    app,
    clientConfig,
  )({
    config: { unsigned: true, public: true },
    handler: () => ({
      signSecret: app.keys.signSecret,
      // SPEC 9: uploads are signed with a separate secret (services/upload.ts).
      uploadSecret: uploadSecret(app.keys.signSecret),
      publicKey: app.keys.publicKeyPem,
      appCode: '10004',
      systemId: 300,
      demo: app.config.demo,
    }),
  });
}
