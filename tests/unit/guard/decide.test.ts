import { describe, expect, it } from 'vitest';
import {
  decideAfterRecovery,
  decideRoute,
  GUARD_FAILED_MSG,
  type GuardInput,
  hasUser,
  isNoAuthPath,
} from '@/runtime/guard/decide';

// SPEC 4 'Route guard', every rule on its own.
const NO_AUTH = ['/login', '/retrieve', '/checkPage', '/chooseProject', '/userCenter', '/404'];
const user = {
  userId: 7,
  permissions: [{ id: 1, parentId: null, name: '首页', uri: '/admin/home' }],
  powerControl: [],
};

const input = (over: Partial<GuardInput> = {}): GuardInput => ({
  path: '/home',
  noAuthPaths: NO_AUTH,
  cookieToken: 'tok',
  sessionToken: 'tok',
  profile: user,
  ...over,
});

describe('decideRoute', () => {
  it('lets no-auth pages through, with or without a token', () => {
    for (const path of NO_AUTH) {
      expect(
        decideRoute(input({ path, cookieToken: undefined, sessionToken: undefined, profile: undefined })),
      ).toEqual({
        type: 'pass',
      });
    }
    expect(
      decideRoute(input({ path: '/retrieve/', cookieToken: undefined, sessionToken: undefined })),
    ).toEqual({
      type: 'pass',
    });
    expect(decideRoute(input({ path: '/CHECKPAGE', sessionToken: 'other' }))).toEqual({ type: 'pass' });
  });

  it('without a token only /login is allowed: other paths go to /login', () => {
    const signedOut = { cookieToken: undefined, sessionToken: undefined };
    expect(decideRoute(input({ ...signedOut, path: '/home' }))).toEqual({ type: 'login' });
    expect(decideRoute(input({ ...signedOut, path: '/personalCenter', profile: user }))).toEqual({
      type: 'login',
    });
    expect(decideRoute(input({ ...signedOut, path: '/login', noAuthPaths: [] }))).toEqual({ type: 'pass' });
    expect(decideRoute(input({ cookieToken: '', sessionToken: '' }))).toEqual({ type: 'login' });
  });

  it('a complete user with a token passes; either copy of the token will do', () => {
    expect(decideRoute(input())).toEqual({ type: 'pass' });
    expect(decideRoute(input({ sessionToken: undefined }))).toEqual({ type: 'pass' });
    expect(decideRoute(input({ cookieToken: undefined }))).toEqual({ type: 'pass' });
  });

  it('a stored token differing from the session token is invalid', () => {
    expect(decideRoute(input({ cookieToken: 'new-login', sessionToken: 'tok' }))).toEqual({
      type: 'fail',
      reason: 'token-mismatch',
    });
  });

  it('a missing or incomplete user is recovered from the server', () => {
    for (const profile of [
      undefined,
      null,
      'x',
      {},
      { ...user, userId: undefined },
      { ...user, userId: 0 },
      { ...user, userId: '7' },
      { ...user, permissions: undefined },
      { ...user, permissions: [] },
      { ...user, powerControl: undefined },
      { ...user, powerControl: 'all' },
    ]) {
      expect(decideRoute(input({ profile }))).toEqual({ type: 'recover' });
    }
  });
});

describe('after recovery', () => {
  it('passes with a complete user, fails otherwise', () => {
    expect(decideAfterRecovery(user)).toEqual({ type: 'pass' });
    expect(decideAfterRecovery({ ...user, powerControl: [{ code: 'platformMsg:saveDeptMessage' }] })).toEqual(
      {
        type: 'pass',
      },
    );
    expect(decideAfterRecovery(undefined)).toEqual({ type: 'fail', reason: 'no-user' });
    expect(decideAfterRecovery({ userId: 7, permissions: [], powerControl: [] })).toEqual({
      type: 'fail',
      reason: 'no-user',
    });
  });
});

describe('helpers', () => {
  it('hasUser needs userId, permissions and powerControl', () => {
    expect(hasUser(user)).toBe(true);
    expect(hasUser({ userId: 7, permissions: user.permissions })).toBe(false);
  });

  it('isNoAuthPath matches whole paths only', () => {
    expect(isNoAuthPath('/login', NO_AUTH)).toBe(true);
    expect(isNoAuthPath('/login/extra', NO_AUTH)).toBe(false);
    expect(isNoAuthPath('/loginx', NO_AUTH)).toBe(false);
    expect(isNoAuthPath('/', NO_AUTH)).toBe(false);
  });

  it('shows the SPEC message in Chinese', () => {
    expect(GUARD_FAILED_MSG).toBe('身份验证失败，请重新登录！');
  });
});
