/**
 * The delivery platforms' order feed (issue 17.3): 美团, 饿了么 and 京东到家 report the orders of their
 * stores. The product reaches them only through this interface; the demo implementation (demo.ts)
 * answers offline and deterministically, a platform's open API is one more implementation (chosen in
 * feed.ts). Nothing here touches the database.
 */

/** orderPlatform (schemas/enums/orderPlatform.json). */
export const PLATFORM = { meituan: 1, eleme: 2, jddj: 3 } as const;

/** One order as a platform reports it; amounts as decimal text (yuan, 2 decimals), never floats. */
export interface FeedOrder {
  platform: number;
  platformOrderNo: string;
  platformStoreId: string;
  /** platformOrderStatus. */
  platformStatus: number;
  orderTime: Date;
  itemSummary: string;
  goodsAmount: string;
  platformDiscount: string;
  merchantDiscount: string;
  commission: string;
  settlementAmount: string;
}

/** A platform's store the chain has mapped (platformStore). */
export interface FeedStore {
  platform: number;
  platformStoreId: string;
}

export interface PlatformOrderProvider {
  /** The orders of these stores placed between `from` (exclusive) and `to` (inclusive). */
  orders(stores: readonly FeedStore[], from: Date, to: Date): Promise<FeedOrder[]>;
}
