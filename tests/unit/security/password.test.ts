import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_COST, verifyPassword } from '../../../server/security/password';
import { TEST_PASSWORD_COST } from '../../fixtures/demo-passwords';

describe('password hashes', () => {
  it('are made at the server’s cost unless told otherwise, and carry it', async () => {
    const hash = await hashPassword('Fresh#2026');
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
    expect(PASSWORD_COST).toEqual({ N: 32768, r: 8, p: 1 });
    expect(await verifyPassword('Fresh#2026', hash)).toBe(true);
    expect(await verifyPassword('Fresh#2027', hash)).toBe(false);
  });

  it('verify with the cost stored in the hash (the test databases’ demo accounts)', async () => {
    const hash = await hashPassword('Fresh#2026', TEST_PASSWORD_COST);
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '1']);
    expect(await verifyPassword('Fresh#2026', hash)).toBe(true);
    expect(await verifyPassword('fresh#2026', hash)).toBe(false);
    expect(await verifyPassword('Fresh#2026', 'bcrypt$whatever')).toBe(false);
  });
});
