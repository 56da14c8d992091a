import encHex from 'crypto-js/enc-hex';
import sha256 from 'crypto-js/sha256';

/** SPEC 7: hex SHA-256 of secret + timestamp + token, the token only when the call sends one. */
export function computeSignature(secret: string, timestamp: string, token?: string): string {
  return sha256(secret + timestamp + (token ?? '')).toString(encHex);
}

export interface SignedFields {
  timestamp: string;
  signature: string;
  token?: string;
}

/** The fields a call carries, as headers or (for export links) as query parameters. */
export function signFields(secret: string, token: string | undefined, now = Date.now()): SignedFields {
  const timestamp = String(now);
  const signature = computeSignature(secret, timestamp, token);
  return token ? { timestamp, signature, token } : { timestamp, signature };
}
