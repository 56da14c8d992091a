import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '@/runtime/request/sha256';

// Issue 21.6: the signature's SHA-256 without crypto-js, checked against node:crypto.
describe('sha256Hex', () => {
  it('matches node:crypto on empty, short, block-edge, long and non-ASCII texts', () => {
    const texts = ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'b'.repeat(64), 'c'.repeat(1000)];
    texts.push('secret1732700000000eyJhbGciOi.token', '拣货单 JH2026 😀', 'upload:dev-secret');
    for (const t of texts) expect(sha256Hex(t)).toBe(createHash('sha256').update(t, 'utf8').digest('hex'));
  });
});
