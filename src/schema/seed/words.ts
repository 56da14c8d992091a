/**
 * Word lists the seed generators combine into realistic Chinese demo values (schemas/seed/*.json,
 * `words`). Combinations, not a fixed list: a few hundred rows stay varied.
 */
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
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
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '霞',
  '平',
  '刚',
  '桂英',
  '建华',
  '文',
  '华',
  '红',
  '志强',
  '晓东',
  '海燕',
  '婷',
  '雪',
  '鹏',
  '宇',
  '浩',
  '晨',
  '欣怡',
  '子涵',
  '梓萱',
  '俊杰',
  '思远',
];
const CITIES = [
  '杭州',
  '宁波',
  '温州',
  '绍兴',
  '嘉兴',
  '湖州',
  '金华',
  '台州',
  '上海',
  '苏州',
  '南京',
  '无锡',
  '合肥',
  '福州',
  '厦门',
  '南昌',
  '武汉',
  '长沙',
  '广州',
  '深圳',
  '成都',
  '重庆',
  '昆明',
  '西安',
];
const COMPANY_CORES = [
  '绿源',
  '鲜达',
  '丰收',
  '田园',
  '万家',
  '恒信',
  '优果',
  '禾丰',
  '金穗',
  '天润',
  '四季',
  '农鲜',
  '果满园',
  '新农',
  '佳禾',
  '鲜享',
  '润丰',
  '嘉果',
  '瑞丰',
  '惠农',
];
const COMPANY_KINDS = [
  '果业',
  '农产品',
  '生鲜',
  '食品',
  '供应链',
  '蔬菜',
  '农业科技',
  '冷链物流',
  '水产',
  '商贸',
];
const ORIGINS = [
  '赣南',
  '烟台',
  '阿克苏',
  '海南',
  '云南',
  '新疆',
  '丹东',
  '砀山',
  '洛川',
  '眉山',
  '奉节',
  '库尔勒',
  '寿光',
  '山东',
  '智利',
  '泰国',
  '新西兰',
  '本地',
];
const PRODUCE = [
  '脐橙',
  '红富士苹果',
  '香梨',
  '芒果',
  '草莓',
  '蓝莓',
  '车厘子',
  '砂糖橘',
  '丑橘',
  '猕猴桃',
  '火龙果',
  '西瓜',
  '哈密瓜',
  '葡萄',
  '香蕉',
  '菠萝',
  '榴莲',
  '山竹',
  '柚子',
  '荔枝',
  '龙眼',
  '樱桃番茄',
  '黄瓜',
  '西兰花',
  '土豆',
  '胡萝卜',
  '生菜',
  '菠菜',
  '鸡蛋',
  '五花肉',
  '鸡胸肉',
  '三文鱼',
  '基围虾',
];
const UNITS = ['斤', '千克', '个', '盒', '箱', '袋', '份', '包'];
const SPECS = [
  '500g/盒',
  '1kg/袋',
  '2.5kg/箱',
  '5kg/箱',
  '10kg/箱',
  '单果200g+',
  '6个/盒',
  '12枚/盒',
  '散装',
];
const STREETS = [
  '文三路',
  '天目山路',
  '延安路',
  '解放路',
  '学院路',
  '莫干山路',
  '凤起路',
  '庆春路',
  '体育场路',
  '建国路',
  '中山路',
  '人民路',
];
const SENTENCES = [
  '按计划到货',
  '请尽快安排',
  '质量合格',
  '包装完好',
  '需冷链运输',
  '周末送货',
  '已电话确认',
  '优先处理',
  '部分缺货',
  '下周补货',
];

export type WordList =
  'company' | 'person' | 'commodity' | 'mobile' | 'address' | 'city' | 'unit' | 'spec' | 'sentence';

/** One value from a word list; `pick(n)` is a random integer in [0, n). */
export function fromWords(list: WordList, pick: (n: number) => number): string {
  const one = <T>(xs: readonly T[]) => xs[pick(xs.length)]!;
  switch (list) {
    case 'person':
      return one([...SURNAMES]) + one(GIVEN);
    case 'company':
      return `${one(CITIES)}${one(COMPANY_CORES)}${one(COMPANY_KINDS)}有限公司`;
    case 'commodity':
      return one(ORIGINS) + one(PRODUCE);
    case 'mobile':
      return `1${one(['3', '5', '7', '8', '9'])}${String(pick(1e9)).padStart(9, '0')}`;
    case 'address':
      return `${one(CITIES)}市${one(STREETS)}${1 + pick(999)}号`;
    case 'city':
      return one(CITIES);
    case 'unit':
      return one(UNITS);
    case 'spec':
      return one(SPECS);
    case 'sentence':
      return one(SENTENCES);
  }
}
