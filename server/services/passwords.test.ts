import { hash, type Algorithm } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { ARGON2_PARAMS, checkPassword, hashPassword, needsRehash } from './passwords.js';

describe('passwords', () => {
  it('hashes with the stated Argon2id parameters and verifies', async () => {
    const stored = await hashPassword('Tr0ub4dor&3-horse');
    expect(stored).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}\\$`));
    expect(needsRehash(stored)).toBe(false);
    expect(await checkPassword(stored, 'Tr0ub4dor&3-horse')).toBe(true);
    expect(await checkPassword(stored, 'tr0ub4dor&3-horse')).toBe(false);
  });
  it('asks for a rehash of other parameters or algorithms', async () => {
    expect(needsRehash(await hash('x', { algorithm: 2 as Algorithm.Argon2id, memoryCost: 4096, timeCost: 1, parallelism: 1 }))).toBe(true);
    expect(needsRehash(await hash('x', { algorithm: 1 as Algorithm.Argon2i, ...{ memoryCost: ARGON2_PARAMS.memoryCost, timeCost: ARGON2_PARAMS.timeCost, parallelism: 1 } }))).toBe(true);
    expect(needsRehash('$2y$10$abcdefghijklmnopqrstuv')).toBe(true);
  });
  it('answers false for no account (after verifying a dummy hash), a garbled hash, and a password over the cap', async () => {
    expect(await checkPassword(null, 'anything')).toBe(false);
    expect(await checkPassword('not a hash', 'anything')).toBe(false);
    const stored = await hashPassword('Tr0ub4dor&3-horse');
    expect(await checkPassword(stored, 'x'.repeat(1024 * 1024))).toBe(false);
    await expect(hashPassword('x'.repeat(5000))).rejects.toThrow(RangeError);
  });
});
