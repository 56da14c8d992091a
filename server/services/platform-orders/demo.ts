import { createHash } from 'node:crypto';
import type { FeedOrder, PlatformOrderProvider } from './provider';

/** The demo platforms take orders in hourly slots. */
export const FEED_SLOT_MS = 60 * 60_000;
const PREFIX: Record<number, string> = { 1: 'MT', 2: 'ELM', 3: 'JD' };
const GOODS = [
  '红富士苹果',
  '赣南脐橙',
  '海南香蕉',
  '有机菠菜',
  '精品猪肋排',
  '土鸡蛋',
  '鲜牛奶',
  '西兰花',
  '草莓',
];

/** 0–9999 from the parts: the same order every time it is asked for. */
export function roll(...parts: (string | number)[]): number {
  return createHash('sha256').update(parts.join('|')).digest().readUInt32BE(0) % 10_000;
}

const yuan = (cents: number) => (cents / 100).toFixed(2);

/**
 * The demo platforms (DESIGN.md: every outside system has an offline demo). Deterministic by platform,
 * store and hourly slot, so a pull asked again answers the same orders (the pass stores each once):
 * a store has an order in a slot when roll(...) < 2500 (one hour in four), completed unless the roll
 * says cancelled (1 in 20) or still on its way (the last two hours). The platform settles goods less
 * our discount and its commission (8 %), except one order in ten whose settlement is 0.50–3.00 yuan
 * short, as real bills sometimes are: the reconciliation shows that difference.
 */
export function demoPlatformProvider(): PlatformOrderProvider {
  return {
    async orders(stores, from, to) {
      const out: FeedOrder[] = [];
      const first = Math.floor(from.getTime() / FEED_SLOT_MS) + 1;
      const last = Math.floor(to.getTime() / FEED_SLOT_MS);
      for (let slot = first; slot <= last; slot++) {
        for (const s of stores) {
          const key = `${s.platform}:${s.platformStoreId}`;
          if (roll(key, slot, 'order') >= 2500) continue;
          const goods = 1500 + (roll(key, slot, 'goods') % 15_000);
          const platformDiscount = [0, 0, 200, 300, 500][roll(key, slot, 'pd') % 5]!;
          const merchantDiscount = [0, 0, 0, 100, 200][roll(key, slot, 'md') % 5]!;
          const commission = Math.round(goods * 0.08);
          const short = roll(key, slot, 'diff') % 10 === 0 ? 50 + (roll(key, slot, 'short') % 251) : 0;
          const age = last - slot;
          const status = roll(key, slot, 'status') % 20 === 0 ? 5 : age < 2 ? 3 : 4;
          const items = [0, 1, 2].map((i) => GOODS[roll(key, slot, 'item', i) % GOODS.length]!);
          out.push({
            platform: s.platform,
            platformOrderNo: `${PREFIX[s.platform] ?? 'PF'}${s.platformStoreId.replace(/\D/g, '')}${slot}`,
            platformStoreId: s.platformStoreId,
            platformStatus: status,
            orderTime: new Date(slot * FEED_SLOT_MS + (roll(key, slot, 'minute') % 60) * 60_000),
            itemSummary: [...new Set(items)].join('、'),
            goodsAmount: yuan(goods),
            platformDiscount: yuan(platformDiscount),
            merchantDiscount: yuan(merchantDiscount),
            commission: yuan(commission),
            settlementAmount: yuan(goods - merchantDiscount - commission - short),
          });
        }
      }
      return out;
    },
  };
}
