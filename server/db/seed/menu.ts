/**
 * The permission menu of both sub-apps: level 1 and 2 are groups, level 3 are pages (uri), and
 * buttons under a page carry the powerControl codes. Ids are assigned in tree order by the seed;
 * roles refer to entries by uri, code or app, never by id.
 */
export interface MenuNode {
  name: string;
  uri?: string;
  code?: string;
  children?: MenuNode[];
}

export interface AppMenu {
  app: 'admin' | 'dacang';
  tree: MenuNode[];
}

const button = (name: string, code: string): MenuNode => ({ name, code });

export const seedMenus: AppMenu[] = [
  {
    app: 'admin',
    tree: [
      {
        name: '系统管理',
        children: [
          {
            name: '用户权限',
            children: [
              {
                name: '用户管理',
                uri: '/admin/system/userList',
                children: [
                  button('新增用户', 'user:add'),
                  button('编辑用户', 'user:edit'),
                  button('删除用户', 'user:delete'),
                  button('分配角色', 'user:assignRole'),
                  button('启停账号', 'user:status'),
                ],
              },
              {
                name: '角色管理',
                uri: '/admin/system/roleList',
                children: [
                  button('新增角色', 'role:add'),
                  button('编辑角色', 'role:edit'),
                  button('启停角色', 'role:updateStatus'),
                ],
              },
            ],
          },
          {
            name: '消息管理',
            children: [
              {
                name: '系统公告',
                uri: '/admin/msg/systemNoticeList',
                children: [
                  button('发送广播', 'platformMsg:saveRadioMessage'),
                  button('发送部门通知', 'platformMsg:saveDeptMessage'),
                  button('新增公告', 'systemNotice:add'),
                  button('编辑公告', 'systemNotice:edit'),
                ],
              },
              { name: '公告设置日志', uri: '/admin/msg/systemNoticeLog' },
            ],
          },
          {
            name: '导入导出',
            children: [{ name: '导出中心', uri: '/admin/importExport/exportCenterList' }],
          },
          {
            name: '软件下载管理',
            children: [
              {
                name: '应用管理',
                uri: '/admin/appinfo/appList',
                children: [button('新增应用', 'appinfo:add'), button('启停应用', 'appinfo:status')],
              },
            ],
          },
        ],
      },
      {
        name: '门店运营',
        children: [
          {
            name: '门店订单',
            children: [
              {
                name: '待配送订单',
                uri: '/admin/shop/waitDeliverList',
                children: [button('打印配送单', 'shopOrder:print')],
              },
            ],
          },
          {
            name: '财务领用',
            children: [
              {
                name: '部门领用单',
                uri: '/admin/finance/obtainOrderList',
                children: [button('打印领用单', 'obtainOrder:print')],
              },
            ],
          },
        ],
      },
      {
        name: '商品管理',
        children: [
          {
            name: '价格管理',
            children: [{ name: '商品价格表', uri: '/admin/product/priceList' }],
          },
        ],
      },
    ],
  },
  {
    app: 'dacang',
    tree: [
      {
        name: '仓储管理',
        children: [
          {
            name: '入库管理',
            children: [
              {
                name: '收货单',
                uri: '/dacang/warehouse/receiveOrderList',
                children: [button('打印收货单', 'receive:print')],
              },
              {
                name: '上架单',
                uri: '/dacang/warehouse/putawayList',
                children: [button('打印上架单', 'putaway:print')],
              },
            ],
          },
          {
            name: '出库管理',
            children: [
              {
                name: '出库单',
                uri: '/dacang/warehouse/stockOutOrderList',
                children: [
                  button('打印出库单', 'stockOut:print'),
                  button('确认出库', 'stockOut:confirm'),
                  button('取消出库单', 'stockOut:cancel'),
                ],
              },
              {
                name: '补货单',
                uri: '/dacang/warehouse/replenishmentList',
                children: [button('打印补货单', 'replenishment:print')],
              },
            ],
          },
          {
            name: '库存调拨',
            children: [
              {
                name: '调拨申请',
                uri: '/dacang/allocateTransfer/transferApplyList',
                children: [
                  button('新增调拨申请', 'transfer:add'),
                  button('审核调拨申请', 'transfer:audit'),
                  button('取消调拨申请', 'transfer:cancel'),
                  button('打印调拨单', 'transfer:print'),
                  button('编辑调拨申请', 'transfer:edit'),
                  button('调拨出库', 'transfer:outbound'),
                  button('调拨入库', 'transfer:inbound'),
                ],
              },
            ],
          },
        ],
      },
      {
        name: '配送管理',
        children: [
          {
            name: '拣货分拣',
            children: [
              {
                name: '拣货单',
                uri: '/dacang/distribution/pickOrderList',
                children: [
                  button('分配拣货员', 'pickOrder:assign'),
                  button('完成拣货', 'pickOrder:finish'),
                  button('打印拣货单', 'pickOrder:print'),
                  button('开始拣货', 'pickOrder:start'),
                  button('取消拣货单', 'pickOrder:cancel'),
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
