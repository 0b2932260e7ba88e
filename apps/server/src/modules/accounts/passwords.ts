import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id with the OWASP-recommended minimum (19 MiB, 2 passes, 1 lane). */
// Algorithm is an ambient const enum (not importable as a value under isolatedModules): 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the account does not exist, so "no such user" and "wrong password"
 * take the same time and timing does not reveal which addresses are registered.
 */
let dummy: Promise<string> | undefined;
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword('timing-equaliser-not-a-password'));
