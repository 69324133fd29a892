import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { AppConfig } from '@app/config';
import { Session } from '../schemas/session.schema';
import { CredentialRevocation } from './credential-revocation';
import { CredentialVerifier } from './credential-verifier.service';
import { generateToken, hashToken } from './token-codec';

export interface IssuedSession {
  token: string;
  sessionId: Types.ObjectId;
  expiresAt: Date;
}

export interface SessionOwner {
  _id: Types.ObjectId;
  clientId: Types.ObjectId;
}

@Injectable()
export class SessionService {
  private readonly revocation: CredentialRevocation<Session>;

  constructor(
    @InjectModel(Session.name) private readonly sessions: Model<Session>,
    private readonly verifier: CredentialVerifier,
    private readonly config: AppConfig,
  ) {
    this.revocation = new CredentialRevocation(sessions, verifier);
  }

  async issue(user: SessionOwner, meta: { ip?: string; userAgent?: string } = {}, ttlHours?: number): Promise<IssuedSession> {
    const token = generateToken('session');
    const hours = ttlHours ?? this.config.get('SESSION_TTL_HOURS');
    const expiresAt = new Date(Date.now() + hours * 3_600_000);
    const session = await this.sessions.create({
      tokenHash: hashToken(token),
      userId: user._id,
      clientId: user.clientId,
      expiresAt,
      ip: meta.ip?.slice(0, 64),
      userAgent: meta.userAgent?.slice(0, 512),
    });
    return { token, sessionId: session._id, expiresAt };
  }

  async revoke(sessionId: Types.ObjectId): Promise<void> {
    const session = await this.sessions
      .findOneAndUpdate({ _id: sessionId, revokedAt: { $exists: false } }, { $set: { revokedAt: new Date() } })
      .lean()
      .exec();
    if (session) this.verifier.evict(session);
  }

  /** Revokes every live session of a user but one (the caller's own, after a password change). */
  revokeAllOfUser(userId: Types.ObjectId, exceptSessionId?: Types.ObjectId): Promise<number> {
    return this.revocation.allOfUser(userId, exceptSessionId ? { _id: { $ne: exceptSessionId } } : {});
  }

  /** Revokes a session by its plain token (command line `revoke-token`). */
  revokeByToken(token: string): Promise<boolean> {
    return this.revocation.byToken(token);
  }
}
