import { loadClientConfig } from '@/runtime/request/lazy';

/** SPEC 9: passwords are public-key encrypted; DESIGN.md 3: RSA-OAEP with SHA-256, encryptModel 2. */
export const ENCRYPT_MODEL = 2 as const;

/**
 * Encrypts a password with the server's public key (jsencrypt's encryptOAEP pads with SHA-256 for both
 * the label hash and MGF1, which is what node:crypto's oaepHash 'sha256' expects). The text is turned
 * into UTF-8 bytes first: jsencrypt pads characters, not bytes, and the server decodes UTF-8.
 */
export async function encryptPassword(plain: string): Promise<string> {
  // Loaded on the first submit, not with the page: jsencrypt is the largest part of /login's code.
  const [{ publicKey }, { JSEncrypt }] = await Promise.all([loadClientConfig(), import('jsencrypt')]);
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKey);
  const bytes = Array.from(new TextEncoder().encode(plain), (b) => String.fromCharCode(b)).join('');
  const encrypted = rsa.encryptOAEP(bytes);
  if (!encrypted) throw new Error('password encryption failed');
  return encrypted;
}
