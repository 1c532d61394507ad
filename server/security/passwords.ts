import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's second recommended setting (19 MiB, 2 passes, 1 lane): the cost that bounds
 * sign-in throughput, stated here once.
 */
export const PASSWORD_HASH_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
