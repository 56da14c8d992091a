/**
 * Deterministic demo data for the warehouse documents: a seeded PRNG (never Math.random), a commodity
 * catalogue, and the people and places the documents name. Same seed, same rows, on every machine.
 */

/** mulberry32: tiny, fast, good enough for demo data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    /** Picks a key by weight, e.g. { 10: 15, 40: 45 }. */
    weighted: (weights: Record<number, number>): number => {
      const entries = Object.entries(weights);
      const sum = entries.reduce((s, [, w]) => s + w, 0);
      let x = next() * sum;
      for (const [k, w] of entries) {
        x -= w;
        if (x < 0) return Number(k);
      }
      return Number(entries[entries.length - 1]![0]);
    },
  };
}

export type Rng = ReturnType<typeof prng>;

export interface Commodity {
  code: string;
  name: string;
  spec: string;
  unit: string;
  barCode: string;
  price: number;
  weighed: boolean;
}

const BASE: [string, string, number, boolean][] = [
  ['红富士苹果', '斤', 6.8, true],
  ['海南香蕉', '斤', 3.9, true],
  ['赣南脐橙', '斤', 5.5, true],
  ['麒麟西瓜', '个', 29.9, false],
  ['阳光玫瑰葡萄', '盒', 39.9, false],
  ['徐香猕猴桃', '盒', 19.9, false],
  ['红心火龙果', '个', 8.8, false],
  ['小台农芒果', '斤', 9.9, true],
  ['智利车厘子', '盒', 89, false],
  ['丹东草莓', '盒', 45, false],
  ['云南蓝莓', '盒', 25.9, false],
  ['普罗旺斯西红柿', '斤', 7.5, true],
  ['水果黄瓜', '斤', 6.5, true],
  ['黄心土豆', '斤', 2.8, true],
  ['胡萝卜', '斤', 2.5, true],
  ['西兰花', '个', 5.9, false],
  ['山东大白菜', '斤', 1.6, true],
  ['奶油生菜', '斤', 6.9, true],
  ['散养土鸡蛋', '盒', 16.8, false],
  ['鲜牛奶', '瓶', 12.5, false],
  ['猪五花肉', '斤', 18.8, true],
  ['鸡胸肉', '斤', 12.9, true],
  ['挪威三文鱼', '盒', 69, false],
  ['鲜活基围虾', '斤', 49, true],
  ['大黄鱼', '条', 39.9, false],
  ['内蒙古羔羊肉', '斤', 45, true],
  ['牛腱子', '斤', 59, true],
  ['嫩豆腐', '盒', 3.5, false],
  ['香菇', '斤', 12, true],
  ['金针菇', '袋', 3.9, false],
  ['铁棍山药', '斤', 9.8, true],
  ['紫薯', '斤', 4.5, true],
  ['玉米', '根', 2.9, false],
  ['砂糖橘', '斤', 5.9, true],
  ['皇冠梨', '斤', 4.9, true],
  ['无籽青提', '斤', 12.9, true],
  ['百香果', '斤', 9.9, true],
  ['椰青', '个', 9.9, false],
  ['牛油果', '个', 6.5, false],
  ['凤梨', '个', 15.9, false],
];

const GRADES = ['精品', '优选', '标准', '特级', '家庭装', '礼盒装'];

/** 240 distinct commodities (40 kinds × 6 grades), codes 100001…, EAN-13-like bar codes. */
export const commodities: Commodity[] = BASE.flatMap(([name, unit, price, weighed], i) =>
  GRADES.map((grade, g) => {
    const n = i * GRADES.length + g + 1;
    return {
      code: String(100000 + n),
      name: `${name}（${grade}）`,
      spec: weighed ? `${grade}/散称` : `${grade}/${unit}`,
      unit,
      barCode: `69${String(20000000000 + n * 7919).slice(-11)}`,
      price: Math.round(price * (1 + g * 0.15) * 100) / 100,
      weighed,
    };
  }),
);

export const stores = [
  { code: 'S1001', name: '杭州文三路店', warehouse: '杭州中心大仓' },
  { code: 'S1002', name: '杭州西湖店', warehouse: '杭州中心大仓' },
  { code: 'S1003', name: '上海徐汇店', warehouse: '杭州中心大仓' },
  { code: 'S1004', name: '南京新街口店', warehouse: '杭州中心大仓' },
  { code: 'S2001', name: '广州天河店', warehouse: '广州中心大仓' },
  { code: 'S2002', name: '深圳南山店', warehouse: '广州中心大仓' },
  { code: 'S2003', name: '厦门思明店', warehouse: '广州中心大仓' },
] as const;

export const warehouses = ['杭州中心大仓', '广州中心大仓', '宁波前置仓', '上海冷链仓'] as const;
export const suppliers = [
  '浙江绿源果蔬合作社',
  '山东寿光蔬菜基地',
  '云南高原果业',
  '海南热带水果公司',
  '舟山海鲜供应链',
];
export const staff = ['王仓管', '周伟', '吴芳', '郑娜', '冯秀英', '陈敏', '褚静', '卫丽', '蒋强', '沈磊'];
export const companies = ['鲜丰集团华东公司', '鲜丰集团华南公司'];

/**
 * The reference instant of the demo documents written in TypeScript: 18:00 China time on the seed
 * anchor (SEED_ANCHOR, else the day the database is first seeded; server/db/prepare.ts), the day the
 * seed files count their relative days from too. Rows are dated before it, so the same anchor yields
 * the same rows and a new installation shows this week's documents (issue 22.3).
 */
export const seedNow = (anchor: string): number => Date.parse(`${anchor}T18:00:00+08:00`);

/** Document families spread evenly over the last 90 days (DOMAIN.md 4), the jitter included. */
export const SPREAD_DAYS = 88;

/** Minutes between consecutive documents of a family of `count` spread over SPREAD_DAYS. */
export const spreadMinutes = (count: number): number => Math.floor((SPREAD_DAYS * 24 * 60) / count);

/** yyyyMMdd in China time (document codes). */
export const chinaDay = (ms: number) =>
  new Date(ms + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');

export const code = (prefix: string, ms: number, id: number) =>
  `${prefix}${chinaDay(ms)}${String(id).padStart(6, '0')}`;

export const shelfNo = (rng: Rng) =>
  `${rng.pick(['A', 'B', 'C', 'D'])}${String(rng.int(1, 20)).padStart(2, '0')}-${String(rng.int(1, 6)).padStart(2, '0')}-${String(rng.int(1, 4)).padStart(2, '0')}`;

/** A quantity: weighed goods with 3 decimals, counted goods whole. */
export const quantity = (rng: Rng, c: Commodity, max: number) =>
  c.weighed ? rng.int(500, max * 1000) / 1000 : rng.int(1, max);
