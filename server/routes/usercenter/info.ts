import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/schema/contracts/usercenter';
import { contractRoute } from '../../http/contract-route';
import { maskPhone } from '../../services/profile';
import { auditIdentity } from '../../services/profile-audit';
import { checkUserPhoto, deleteUpload, visitUrlOf } from '../../services/upload';

/**
 * The personal centre (SPEC 2.9, 3 'User-centre info', 4 'Photo', 7.5): the signed-in user's own data,
 * and the photo: check an uploaded picture, save it, delete it. Pinned by tests/server/auth-usercenter.test.ts.
 */
export default async function userCenterInfoRoutes(app: FastifyInstance) {
  const dataDir = app.config.dataDir;

  contractRoute(
    app,
    c.userCenterInfo,
  )({
    // A read sent by POST: neither idempotent nor an operation to log.
    config: { idempotent: false },
    handler: async (request) => {
      const user = await app.db
        .selectFrom('appUser')
        .leftJoin('org', 'org.id', 'appUser.orgId')
        .select([
          'appUser.account',
          'appUser.realName',
          'appUser.phone',
          'appUser.email',
          'appUser.city',
          'appUser.employeeTypeName',
          'appUser.positionName',
          'appUser.wechatOpenId',
          'appUser.photoUrl',
          'org.name as orgName',
        ])
        .where('appUser.id', '=', request.auth!.userId)
        .executeTakeFirstOrThrow();
      return {
        employeeNumber: user.account,
        employeeName: user.realName,
        employeeTypeName: user.employeeTypeName ?? '',
        orgName: user.orgName ?? '',
        positionName: user.positionName ?? '',
        // The user's own page: the full number in basic data, the masked one beside 'change phone'.
        employeeTel: user.phone ?? '',
        bindPhoneHide: maskPhone(user.phone),
        employeeEmail: user.email ?? '',
        employeeCity: user.city ?? '',
        bindWechatStatus: user.wechatOpenId ? 1 : 0,
        photoUrl: user.photoUrl ? visitUrlOf(user.photoUrl) : '',
      };
    },
  });

  contractRoute(
    app,
    c.checkPhoto,
  )({
    handler: async (request) => {
      await checkUserPhoto(app.db, dataDir, request.auth!.userId, request.query.url);
      return true;
    },
  });

  contractRoute(
    app,
    c.savePhoto,
  )({
    handler: async (request) => {
      const auth = request.auth!;
      const upload = await checkUserPhoto(app.db, dataDir, auth.userId, request.body.photoUrl);
      const before = await app.db
        .selectFrom('appUser')
        .select('photoUrl')
        .where('id', '=', auth.userId)
        .executeTakeFirstOrThrow();
      await app.db
        .updateTable('appUser')
        .set({ photoUrl: upload.relativeUrl, updatedAt: new Date() })
        .where('id', '=', auth.userId)
        .execute();
      // A replaced face photo is personal data with no further use: remove it.
      if (before.photoUrl && before.photoUrl !== upload.relativeUrl) {
        await deleteUpload(app.db, dataDir, before.photoUrl);
      }
      await auditIdentity(app.db, {
        userId: auth.userId,
        action: 'photo_save',
        entityId: auth.userId,
        requestId: String(request.id),
        before: { photoUrl: before.photoUrl },
        after: { photoUrl: upload.relativeUrl },
      });
      return { photoUrl: visitUrlOf(upload.relativeUrl) };
    },
  });

  contractRoute(
    app,
    c.deletePhoto,
  )({
    handler: async (request) => {
      const auth = request.auth!;
      const before = await app.db
        .selectFrom('appUser')
        .select('photoUrl')
        .where('id', '=', auth.userId)
        .executeTakeFirstOrThrow();
      if (before.photoUrl) {
        await app.db
          .updateTable('appUser')
          .set({ photoUrl: null, updatedAt: new Date() })
          .where('id', '=', auth.userId)
          .execute();
        await deleteUpload(app.db, dataDir, before.photoUrl);
        await auditIdentity(app.db, {
          userId: auth.userId,
          action: 'photo_delete',
          entityId: auth.userId,
          requestId: String(request.id),
          before: { photoUrl: before.photoUrl },
          after: { photoUrl: null },
        });
      }
      return true;
    },
  });
}
