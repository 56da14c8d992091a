/** Demo organisation tree: headquarters, two regions, stores (one suspended) and two warehouses. */
export interface SeedOrg {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  refObjType: 1 | 2 | 3;
  refObjStatus: 0 | 1 | 2;
  shopType?: number;
  managementMode?: 1 | 2 | 3;
}

export const seedOrgs: SeedOrg[] = [
  { id: 1, parentId: null, code: 'HQ', name: '鲜丰集团总部', refObjType: 1, refObjStatus: 1 },
  { id: 2, parentId: 1, code: 'R-EAST', name: '华东大区', refObjType: 1, refObjStatus: 1 },
  { id: 3, parentId: 1, code: 'R-SOUTH', name: '华南大区', refObjType: 1, refObjStatus: 1 },
  {
    id: 11,
    parentId: 2,
    code: 'S1001',
    name: '杭州文三路店',
    refObjType: 2,
    refObjStatus: 1,
    shopType: 1,
    managementMode: 1,
  },
  {
    id: 12,
    parentId: 2,
    code: 'S1002',
    name: '杭州西湖店',
    refObjType: 2,
    refObjStatus: 1,
    shopType: 1,
    managementMode: 1,
  },
  {
    id: 13,
    parentId: 2,
    code: 'S1003',
    name: '上海徐汇店',
    refObjType: 2,
    refObjStatus: 1,
    shopType: 2,
    managementMode: 2,
  },
  {
    id: 14,
    parentId: 2,
    code: 'S1004',
    name: '南京新街口店',
    refObjType: 2,
    refObjStatus: 0,
    shopType: 1,
    managementMode: 1,
  },
  {
    id: 15,
    parentId: 3,
    code: 'S2001',
    name: '广州天河店',
    refObjType: 2,
    refObjStatus: 1,
    shopType: 1,
    managementMode: 3,
  },
  {
    id: 16,
    parentId: 3,
    code: 'S2002',
    name: '深圳南山店',
    refObjType: 2,
    refObjStatus: 1,
    shopType: 2,
    managementMode: 1,
  },
  {
    id: 17,
    parentId: 3,
    code: 'S2003',
    name: '厦门思明店',
    refObjType: 2,
    refObjStatus: 2,
    shopType: 1,
    managementMode: 2,
  },
  { id: 21, parentId: 2, code: 'W01', name: '杭州中心大仓', refObjType: 3, refObjStatus: 1 },
  { id: 22, parentId: 3, code: 'W02', name: '广州中心大仓', refObjType: 3, refObjStatus: 1 },
];

export const seedSubsystems = [
  // 100, 200 and 301 point at the built-in demo landing page that redeems the authCode (DESIGN.md 3).
  { systemId: 100, systemName: '一期系统', systemUrl: '/dev/subsystem/100', sort: 1 },
  { systemId: 200, systemName: '二期系统', systemUrl: '/dev/subsystem/200', sort: 2 },
  { systemId: 300, systemName: '生鲜系统', systemUrl: null, sort: 3 },
  { systemId: 301, systemName: '大数据平台', systemUrl: '/dev/subsystem/301', sort: 4 },
];
