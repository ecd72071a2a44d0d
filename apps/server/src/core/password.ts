import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library default) with its default cost (19 MiB, t=2). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
