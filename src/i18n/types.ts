import type { zhCN } from './zh-CN';

/** The catalogue's shape: zh-CN.ts's keys, every text a string. */
type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
export type Catalogue = Texts<typeof zhCN>;
