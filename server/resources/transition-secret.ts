import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/envelope';
import { hashPassword } from '../security/password';
import { clearFailures } from '../services/lockout';
import { maskPhone } from '../services/profile';
import { generatePassword } from '../services/profile-password';
import { forgetSessions } from '../services/session';
import { type SmsSender, smsSenderFor } from '../services/sms-sender';
import type { Database } from '../db/index';
import type { ResourceDef, TransitionDef } from '../../src/schema/types';
import type { AnyDb } from './sql/db';
import { columnOf } from './sql/select';

/** How a transition's one-time secret reaches the person: shown once in the dialog, or by SMS. */
export type SecretDelivery = 'show' | 'sms';

/**
 * What a secret-making transition answers (`oneTimeSecret`): the value for the dialog, or, sent by
 * SMS, only the masked phone. `sms` is internal: the register handler sends it after the commit and
 * drops it (and the value) from the answer.
 */
export interface OneTimeSecret {
  title: string;
  notice?: string;
  value?: string;
  sentTo?: string;
  sms?: { phone: string; text: string };
}

/**
 * Makes the transition's secret (schemas/meta/resource.schema.json `secret`): generated to SPEC 5's
 * password rule, written into the field's column only as its scrypt hash, inside the transition's
 * transaction. The plain text lives only in the returned object, which the route answers once.
 */
export async function writeSecret(
  trx: AnyDb,
  r: ResourceDef,
  t: TransitionDef,
  row: Record<string, unknown>,
  delivery: SecretDelivery,
): Promise<OneTimeSecret | undefined> {
  const s = t.secret;
  if (!s) return undefined;
  let sms: OneTimeSecret['sms'];
  const plain = generatePassword();
  if (delivery === 'sms') {
    if (!s.sms) throw ApiError.badRequest('该操作不支持短信发送');
    const phone = row[s.sms.phoneField];
    if (typeof phone !== 'string' || !phone) throw ApiError.badRequest('该用户未绑定手机号，无法短信发送');
    sms = { phone, text: s.sms.text.replace('{secret}', plain) };
  }
  await trx
    .updateTable(r.table)
    .set({ [columnOf(r.fields, s.field)]: await hashPassword(plain) })
    .where(columnOf(r.fields, r.primaryKey), '=', row[r.primaryKey])
    .execute();
  return {
    title: s.title,
    ...(s.notice ? { notice: s.notice } : {}),
    ...(sms ? { sms, sentTo: maskPhone(sms.phone) } : { value: plain }),
  };
}

/**
 * The server steps a transition names (`hooks`), in its transaction after the row is written:
 * clearLockout forgets the failed sign-ins of the row's `account` (services/lockout.ts), revokeSessions
 * ends every live session of the row's user (the primary key), whose next call answers W0005.
 */
export async function runHooks(trx: AnyDb, r: ResourceDef, t: TransitionDef, row: Record<string, unknown>) {
  for (const hook of t.hooks ?? []) {
    if (hook === 'clearLockout' && typeof row.account === 'string') {
      await clearFailures(trx as unknown as Database, row.account);
    }
    if (hook === 'revokeSessions') {
      await trx
        .updateTable('session')
        .set({ revokedAt: new Date(), revokeReason: 'admin', state: 0 })
        .where('userId', '=', row[r.primaryKey])
        .where('revokedAt', 'is', null)
        .execute();
      forgetSessions();
    }
  }
}

/** The SMS way of a secret: the demo outbox, without the server log (the text holds the secret). */
export interface SecretSms {
  demo: boolean;
  sender: SmsSender;
}

export function secretSms(app: FastifyInstance): SecretSms {
  const log = app.log.child({}, { level: 'silent' });
  return { demo: app.config.demo, sender: smsSenderFor({ demo: app.config.demo, db: app.db, log }) };
}

/** Refuses SMS delivery before anything is written when no gateway is configured (as sms-sender.ts). */
export function assertCanDeliver(delivery: SecretDelivery, sms: SecretSms): void {
  if (delivery === 'sms' && !sms.demo) throw new ApiError(503, 'E0503', '短信服务暂不可用，请联系管理人员');
}

/**
 * After the commit (PGlite has one connection: the outbox write cannot run inside the transaction):
 * sends the secret by SMS when asked; the answer then carries the masked phone, never the secret.
 */
export async function deliverSecret(row: Record<string, unknown>, sms: SecretSms) {
  const secret = row.oneTimeSecret as OneTimeSecret | undefined;
  if (!secret) return row;
  const { sms: message, ...answer } = secret;
  if (message) await sms.sender.send(message.phone, message.text);
  return { ...row, oneTimeSecret: answer };
}
