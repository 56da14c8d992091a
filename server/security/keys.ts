import {
  constants,
  createHash,
  createPublicKey,
  generateKeyPair,
  generateKeyPairSync,
  privateDecrypt,
  randomBytes,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Installation secrets, generated at first start into DATA_DIR and never committed:
 * - the RSA key pair (3072 bits) that encrypts passwords on their way from the browser;
 * - the request-signing secret (SPEC 7: the browser signs every call with it; it is served to the
 *   page, so it stops stale replays and cross-site requests, it is not an authentication secret).
 * Several servers behind one load balancer share DATA_DIR (docs/operations.md), so they must all end
 * up with the same secrets even when they start at once on an empty directory: see createOnce.
 */
export interface ServerKeys {
  publicKeyPem: string;
  privateKeyPem: string;
  signSecret: string;
}

/**
 * The file's content, creating it first if absent. Written to a private temporary file, then linked
 * into place: link() never replaces an existing file, so when two servers start together exactly one
 * value is kept and both read that one (a rename would let the later one win while the earlier one
 * keeps serving its own). 0600: only the server's user reads it; a crash never leaves half a key.
 */
function createOnce(file: string, create: () => string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, create(), { mode: 0o600 });
  try {
    fs.linkSync(tmp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return fs.readFileSync(file, 'utf8');
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
  const privateKeyPem = createOnce(path.join(dir, 'login-rsa.key'), () => generate().privateKey);
  // The public key is derived from the private one, so the pair always matches whichever server's
  // private key was kept; the .pub file is written for operators only.
  const publicKeyPem = createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
  createOnce(path.join(dir, 'login-rsa.pub'), () => publicKeyPem);
  const signSecret = createOnce(path.join(dir, 'sign-secret'), () => randomBytes(24).toString('hex'));
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
