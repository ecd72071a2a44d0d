/**
 * Secrets the product keeps for a tenant (a data source's password) are encrypted at rest with
 * AES-256-GCM: a database dump or backup holds only ciphertext, and a changed byte fails to open.
 * The key is the deployment's `SECRET_KEY` (64 hex digits, config.secretKey); without it one is made
 * at first use and kept in `${dataDir}/secret.key` (readable by the owner only), which suits one
 * process on the embedded database. A sealed value reads `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';

const keys = new Map<string, Buffer>();

function keyOf(config: Pick<AppConfig, 'secretKey' | 'dataDir'>): Buffer {
  const id = config.secretKey ?? config.dataDir;
  const known = keys.get(id);
  if (known) return known;
  let hex = config.secretKey;
  if (!hex) {
    const file = path.join(config.dataDir, 'secret.key');
    try {
      hex = readFileSync(file, 'utf8').trim();
    } catch {
      mkdirSync(config.dataDir, { recursive: true });
      const made = randomBytes(32).toString('hex');
      try {
        // `wx`: two processes starting together keep the one that was written first.
        writeFileSync(file, made, { mode: 0o600, flag: 'wx' });
        hex = made;
      } catch {
        hex = readFileSync(file, 'utf8').trim();
      }
    }
  }
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('SECRET_KEY must be 64 hexadecimal digits');
  const key = Buffer.from(hex, 'hex');
  keys.set(id, key);
  return key;
}

export function sealSecret(config: Pick<AppConfig, 'secretKey' | 'dataDir'>, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret a sealed value holds; throws when it was not sealed with this deployment's key. */
export function openSecret(config: Pick<AppConfig, 'secretKey' | 'dataDir'>, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined)
    throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(config), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
