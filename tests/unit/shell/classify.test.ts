import { describe, expect, it } from 'vitest';
import { appOfPath, isAppRoot, pathOnly } from '@/runtime/subapp/apps';
import { classifyNavigation } from '@/runtime/subapp/classify';

// SPEC 4, sub-application switching: normal, shared/no-route, the other app's, root of another app.
describe('classifyNavigation', () => {
  it('normal: a path of the active app', () => {
    expect(classifyNavigation('/admin/system/userList', 'admin')).toEqual({ kind: 'normal', app: 'admin' });
    expect(classifyNavigation('/ADMIN/home?x=1', 'admin')).toEqual({ kind: 'normal', app: 'admin' });
    expect(classifyNavigation('/admin', 'admin')).toEqual({ kind: 'normal', app: 'admin' });
  });

  it('other: a path of an app that is not mounted (also when none is)', () => {
    expect(classifyNavigation('/dacang/distribution/pickOrderList', 'admin')).toEqual({
      kind: 'other',
      app: 'dacang',
    });
    expect(classifyNavigation('/admin/home', 'dacang')).toEqual({ kind: 'other', app: 'admin' });
    expect(classifyNavigation('/admin/home', null)).toEqual({ kind: 'other', app: 'admin' });
  });

  it('root: the bare prefix of another app is ignored', () => {
    expect(classifyNavigation('/dacang', 'admin')).toEqual({ kind: 'root', app: 'dacang' });
    expect(classifyNavigation('/dacang/', null)).toEqual({ kind: 'root', app: 'dacang' });
  });

  it('shared: paths no sub-app routes (host pages)', () => {
    for (const path of [
      '/redirect/admin/home',
      '/personalCenter',
      '/home',
      '/login',
      '/administrator',
      '/dacangx/a',
    ]) {
      expect(classifyNavigation(path, 'admin'), path).toEqual({ kind: 'shared' });
    }
  });
});

describe('path helpers', () => {
  it('pathOnly drops query, hash and trailing slashes', () => {
    expect(pathOnly('/a/b/?x=1#h')).toBe('/a/b');
    expect(pathOnly('/')).toBe('/');
    expect(pathOnly('/a#h')).toBe('/a');
  });

  it('appOfPath and isAppRoot match prefixes case-insensitively, whole segments only', () => {
    expect(appOfPath('/Dacang/home')).toBe('dacang');
    expect(appOfPath('/admins/home')).toBeUndefined();
    expect(isAppRoot('/ADMIN/')).toBe(true);
    expect(isAppRoot('/admin/home')).toBe(false);
  });
});
