import { afterAll, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue } from '@/i18n';
import { shellTitle } from '@/host/layout/shell-titles';
import { NOT_FOUND_TITLE, UNNAMED_TITLE } from '@/runtime/tabs/model';

// Issue 20.5: the titles the shell gives pages itself follow the language; menu titles pass as given.
describe('the shell’s own tab and breadcrumb titles', () => {
  afterAll(() => i18n.changeLanguage('zh-CN'));

  it('stay as SPEC words them in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    expect([UNNAMED_TITLE, NOT_FOUND_TITLE, '个人中心', '大仓首页'].map(shellTitle)).toEqual([
      '未命名',
      '页面不存在',
      '个人中心',
      '大仓首页',
    ]);
  });

  it('are English in English; a menu title is left as it is', async () => {
    // The English catalogue is loaded on demand (issue 21.6).
    await loadCatalogue('en-US');
    await i18n.changeLanguage('en-US');
    expect([UNNAMED_TITLE, NOT_FOUND_TITLE, '个人中心', '大仓首页'].map(shellTitle)).toEqual([
      'Untitled',
      'Page not found',
      'Personal centre',
      'Warehouse home',
    ]);
    expect(shellTitle('Cloud supermarket orders')).toBe('Cloud supermarket orders');
  });
});
