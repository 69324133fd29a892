import { Types } from 'mongoose';
import type { AuthPrincipal } from '../context/auth-context';
import { TokenCache } from './token-cache';

const principal = (roleId: Types.ObjectId) =>
  ({
    userId: new Types.ObjectId(),
    role: { id: roleId, name: 'r', protected: false },
    credential: { kind: 'session', id: new Types.ObjectId() },
  }) as unknown as AuthPrincipal;

describe('TokenCache.evictRole', () => {
  it('drops the credentials of every holder of the role and keeps the others', () => {
    const cache = new TokenCache(60_000);
    const changed = new Types.ObjectId();
    cache.set('a', principal(changed));
    cache.set('b', principal(changed));
    cache.set('c', principal(new Types.ObjectId()));
    cache.evictRole(changed);
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([false, false, true]);
  });
});
