import { beforeEach, describe, expect, it } from 'vitest';
import { decodeStored, encodeStored, STORAGE_PREFIX, storage } from '../src/utils/storage';

describe('prefixed typed storage (spec §3)', () => {
  beforeEach(() => localStorage.clear());

  it('round-trips every type', () => {
    const values: unknown[] = [
      'text',
      '1',
      '',
      0,
      42.5,
      -1,
      true,
      false,
      [1, 'a', { b: 2 }],
      { a: [1], b: null },
      null,
    ];
    for (const [i, value] of values.entries()) {
      storage.set(`k${i}`, value);
      expect(storage.get(`k${i}`)).toEqual(value);
    }
    expect(storage.get('k1')).toBe('1');
    expect(typeof storage.get('k3')).toBe('number');
  });

  it('writes the prefix and the type suffix', () => {
    storage.set('token', 'abc');
    storage.set('lock', 1);
    expect(localStorage.getItem(`${STORAGE_PREFIX}token`)).toBe('String|abc');
    expect(localStorage.getItem(`${STORAGE_PREFIX}lock`)).toBe('Number|1');
    expect(localStorage.getItem('token')).toBeNull();
    expect(encodeStored(undefined)).toBe('Null|');
  });

  it('treats tampered or foreign values as absent', () => {
    localStorage.setItem(`${STORAGE_PREFIX}a`, 'garbage');
    localStorage.setItem(`${STORAGE_PREFIX}b`, 'Number|abc');
    localStorage.setItem(`${STORAGE_PREFIX}c`, 'Object|{broken');
    localStorage.setItem(`${STORAGE_PREFIX}d`, 'Weird|x');
    expect(storage.get('a')).toBeUndefined();
    expect(storage.get('b', 7)).toBe(7);
    expect(storage.get('c')).toBeUndefined();
    expect(storage.get('d')).toBeUndefined();
    expect(decodeStored(null)).toBeUndefined();
  });

  it('removes and clears only its own keys', () => {
    storage.set('x', 1);
    localStorage.setItem('other', 'keep');
    storage.remove('x');
    expect(storage.get('x')).toBeUndefined();
    storage.set('y', 2);
    storage.clear();
    expect(storage.get('y')).toBeUndefined();
    expect(localStorage.getItem('other')).toBe('keep');
  });
});
