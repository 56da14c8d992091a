import {
  constants,
  createHash,
  generateKeyPair,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Machine-local secrets, generated at first start into DATA_DIR and never committed:
 * - the RSA key pair (3072 bits) that encrypts passwords on their way from the browser;
 * - the request-signing secret (SPEC 7: the browser signs every call with it; it is served to the
 *   page, so it stops stale replays and cross-site requests, it is not an authentication secret).
 */
export interface ServerKeys {
  publicKeyPem: string;
  privateKeyPem: string;
  signSecret: string;
}

function readOrCreate(file: string, create: () => string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  const value = create();
  // 0600: only the server's user reads it. Write then rename, so a crash never leaves half a key.
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, value, { mode: 0o600 });
  fs.renameSync(tmp, file);
  return value;
}

export function loadKeys(dataDir: string, made?: { publicKey: string; privateKey: string }): ServerKeys {
  const dir = path.join(dataDir, 'keys');
  fs.mkdirSync(dir, { recursive: true });
  let pair = made;
  const generate = () => {
    pair ??= generateKeyPairSync('rsa', {
      modulusLength: 3072,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    return pair;
  };
  const privateKeyPem = readOrCreate(path.join(dir, 'login-rsa.key'), () => generate().privateKey);
  const publicKeyPem = readOrCreate(path.join(dir, 'login-rsa.pub'), () => generate().publicKey);
  const signSecret = readOrCreate(path.join(dir, 'sign-secret'), () => randomBytes(24).toString('hex'));
  return { publicKeyPem, privateKeyPem, signSecret };
}

/**
 * loadKeys for the server's start: a new DATA_DIR's key pair is made off the main thread (a 3072-bit
 * RSA pair takes a good part of a second), so the database can be prepared meanwhile.
 */
export async function loadKeysAsync(dataDir: string): Promise<ServerKeys> {
  const dir = path.join(dataDir, 'keys');
  const missing = ['login-rsa.key', 'login-rsa.pub'].some((f) => !fs.existsSync(path.join(dir, f)));
  if (!missing) return loadKeys(dataDir);
  const pair = await new Promise<{ publicKey: string; privateKey: string }>((resolve, reject) =>
    generateKeyPair(
      'rsa',
      {
        modulusLength: 3072,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      },
      (error, publicKey, privateKey) => (error ? reject(error) : resolve({ publicKey, privateKey })),
    ),
  );
  return loadKeys(dataDir, pair);
}

/**
 * Decrypts a password sent with encryptModel 2 (RSA-OAEP, SHA-256; jsencrypt's encryptOAEP).
 * Returns undefined on any failure: the caller answers exactly as for a wrong password.
 */
export function decryptPassword(privateKeyPem: string, base64: string): string | undefined {
  try {
    return privateDecrypt(
      { key: privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(base64, 'base64'),
    ).toString('utf8');
  } catch {
    return undefined;
  }
}

export function newToken(): string {
  return randomBytes(32).toString('hex');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
