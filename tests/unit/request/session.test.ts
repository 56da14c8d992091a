import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  clearToken,
  getMenus,
  getProfile,
  getToken,
  setMenus,
  setProfile,
  setToken,
  updateProfile,
} from '@/runtime/session';
import { type BrowserStandIns, installBrowserStandIns } from './stand-ins';

// SPEC 3: token in a cookie and in session storage; profile and menus in local storage.
describe('session storage', () => {
  let browser: BrowserStandIns;
  beforeAll(() => {
    browser = installBrowserStandIns();
  });
  afterAll(() => browser.uninstall());
  beforeEach(() => {
    browser.localStorage.clear();
    browser.sessionStorage.clear();
    browser.jar.values.clear();
    browser.jar.writes.length = 0;
  });

  it('keeps the token in session storage and in a path=/ SameSite=Strict cookie named token', () => {
    expect(getToken()).toBeUndefined();
    setToken('a1b2');
    expect(getToken()).toBe('a1b2');
    expect(browser.sessionStorage.getItem('token')).toBe('a1b2');
    expect(browser.jar.values.get('token')).toBe('a1b2');
    expect(browser.jar.writes).toEqual(['token=a1b2; path=/; SameSite=Strict']);
  });

  it('falls back to the cookie in a tab without its own copy (a new tab of the same browser)', () => {
    browser.jar.cookie = 'other=1';
    browser.jar.cookie = 'token=from-cookie; path=/';
    expect(getToken()).toBe('from-cookie');
  });

  it('clearToken removes both copies', () => {
    setToken('a1b2');
    clearToken();
    expect(getToken()).toBeUndefined();
    expect(browser.sessionStorage.getItem('token')).toBeNull();
    expect(browser.jar.values.has('token')).toBe(false);
  });

  it('stores the profile with systemId 300 and empty permission lists by default', () => {
    const stored = setProfile({ employeeNumber: 'md001', realName: '门店店长', userId: 2 });
    expect(stored).toEqual({
      employeeNumber: 'md001',
      realName: '门店店长',
      userId: 2,
      systemId: 300,
      permissions: [],
      powerControl: [],
    });
    expect(JSON.parse(browser.localStorage.getItem('profile')!)).toEqual(stored);
    expect(getProfile()).toEqual(stored);
  });

  it('merges the chosen organisation into the profile, but never creates one', () => {
    expect(updateProfile({ orgId: 9 })).toBeUndefined();
    expect(getProfile()).toBeUndefined();
    setProfile({ employeeNumber: 'hq001', realName: '总部', userId: 1, systemId: 301 });
    updateProfile({ orgId: 9, shopId: 12, storeName: '文一路店', refObjType: 2, refObjStatus: 1 });
    expect(getProfile()).toMatchObject({
      userId: 1,
      systemId: 301,
      orgId: 9,
      shopId: 12,
      storeName: '文一路店',
    });
  });

  it('treats an unreadable profile as none', () => {
    browser.localStorage.setItem('profile', '{not json');
    expect(getProfile()).toBeUndefined();
    browser.localStorage.setItem('menus', '"nope"');
    expect(getMenus()).toEqual([]);
  });

  it('keeps menus in local storage; clearSession forgets token, profile and menus', () => {
    const menus = [{ id: 1, parentId: null, name: '用户管理', uri: '/admin/system/userList', menuClass: 1 }];
    setToken('t');
    setProfile({ employeeNumber: 'hq001', realName: '总部', userId: 1 });
    setMenus(menus);
    expect(getMenus()).toEqual(menus);
    clearSession();
    expect(getToken()).toBeUndefined();
    expect(getProfile()).toBeUndefined();
    expect(getMenus()).toEqual([]);
    expect(browser.localStorage.length).toBe(0);
  });

  it('survives storages that throw (privacy modes)', () => {
    const throwing = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const original = { get: browser.localStorage.getItem, set: browser.localStorage.setItem };
    browser.localStorage.getItem = throwing;
    browser.localStorage.setItem = throwing;
    try {
      expect(() => setProfile({ employeeNumber: 'x', realName: 'x', userId: 1 })).not.toThrow();
      expect(getProfile()).toBeUndefined();
    } finally {
      browser.localStorage.getItem = original.get;
      browser.localStorage.setItem = original.set;
    }
  });
});
