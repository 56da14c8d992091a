import { sql } from 'kysely';
import type { Database } from '../index';
import { prng, seedNow } from './resources-catalogue';

/**
 * Demo packers (SPEC 7.9 packer list): enough rows for paging and an export, taken on over the year
 * before the seed anchor. Deterministic for an anchor.
 */
export const PACKER_ROWS = 160;

const FACTORIES = ['杭州果蔬加工中心', '宁波水产分拣中心', '上海冷链分装中心', '广州净菜加工中心'] as const;
const FAMILY = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '周', '吴', '徐', '孙', '马', '朱'];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '涛',
  '明',
  '霞',
];

export function packerRows(anchor: string) {
  const now = seedNow(anchor);
  const rng = prng(20260701);
  return Array.from({ length: PACKER_ROWS }, (_, i) => ({
    packerCode: `BZ${String(i + 1).padStart(4, '0')}`,
    packerName: `${rng.pick(FAMILY)}${rng.pick(GIVEN)}${rng.int(0, 1) ? rng.pick(GIVEN) : ''}`,
    factoryName: FACTORIES[i % FACTORIES.length]!,
    phone: rng.int(0, 9) === 0 ? null : `13${rng.int(100000000, 999999999)}`,
    status: rng.weighted({ 1: 85, 0: 15 }),
    createTime: new Date(now - rng.int(0, 365) * 86_400_000).toISOString(),
  }));
}

/** Idempotent: seeds only into an empty table. */
export async function seedPackers(db: Database, anchor: string): Promise<void> {
  const { n } = await db
    .selectFrom('packer')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  if (n > 0) return;
  await db.insertInto('packer').values(packerRows(anchor)).execute();
}
