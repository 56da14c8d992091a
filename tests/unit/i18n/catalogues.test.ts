import { describe, expect, it } from 'vitest';
import { enUS } from '../../../src/i18n/en-US';
import { zhCN } from '../../../src/i18n/zh-CN';
import { localise, missingEnglish } from '../../../src/schema/i18n';

/** Every key path of a catalogue, with its text. */
function entries(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string'
      ? [[`${prefix}${k}`, v] as [string, string]]
      : entries(v as object, `${prefix}${k}.`),
  );
}

// Issue 20.5: one catalogue, two languages with the same keys; Chinese stays SPEC's words.
describe('message catalogues', () => {
  const zh = entries(zhCN);
  const en = entries(enUS);

  it('hold the same keys, each with a non-empty text', () => {
    expect(en.map(([k]) => k).sort()).toEqual(zh.map(([k]) => k).sort());
    for (const [k, v] of [...zh, ...en]) expect(v.trim(), k).not.toBe('');
  });

  it('keep the same interpolations in both languages', () => {
    const vars = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
    const english = new Map(en);
    for (const [k, v] of zh) expect(vars(english.get(k)!), k).toEqual(vars(v));
  });

  it('the Chinese catalogue is Chinese (but for the names of the languages), the English one is not', () => {
    const han = /[\u4e00-\u9fff]/;
    for (const [k, v] of zh) if (k !== 'languages.en-US') expect(v, k).toMatch(han);
    for (const [k, v] of en) if (k !== 'languages.zh-CN') expect(v, k).not.toMatch(han);
    // Texts SPEC words, moved here unchanged.
    expect(zhCN.userMenu.logoutConfirm).toBe('确定要退出吗？');
    expect(zhCN.header.fullscreenUnsupported).toBe('你当前浏览器不支持全屏缩放功能');
  });
});

describe('English in schema files', () => {
  const file = {
    title: '用户',
    i18n: { 'en-US': { title: 'User' } },
    fields: {
      status: { title: '状态', i18n: { 'en-US': { title: 'Status' } } },
      city: { title: '所在城市' },
      code: { name: 'code', title: 'Code' },
    },
    items: [{ value: 1, label: '已开通', i18n: { 'en-US': { label: 'Active' } } }],
  };

  it('localise: Chinese is the file itself; English replaces the texts it has and keeps the others', () => {
    expect(localise(file, 'zh-CN')).toBe(file);
    const en = localise(file, 'en-US');
    expect(en).toEqual({
      title: 'User',
      fields: {
        status: { title: 'Status' },
        city: { title: '所在城市' },
        code: { name: 'code', title: 'Code' },
      },
      items: [{ value: 1, label: 'Active' }],
    });
    // The same object for the same file: memos keyed on it stay put.
    expect(localise(file, 'en-US')).toBe(en);
    expect(file.fields.status.title).toBe('状态');
  });

  it('missingEnglish: the JSON pointers of Chinese texts without English', () => {
    expect(missingEnglish(file)).toEqual(['/fields/city/title']);
  });
});
