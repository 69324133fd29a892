import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { AuthPrincipal } from '../context/auth-context';
import { TrackerScope } from '../context/tracker-scope';
import { languageOr } from '@app/i18n';
import { isPermission } from '../permissions';
import { Client } from '../schemas/client.schema';
import { Role } from '../schemas/role.schema';
import { User } from '../schemas/user.schema';
import { CredentialKind } from './token-codec';

export interface CredentialRef {
  kind: CredentialKind;
  id: Types.ObjectId;
  expiresAt?: Date;
}

/** Builds the principal of an active user: their role's permissions and their tracker scope. */
@Injectable()
export class PrincipalLoader {
  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(Role.name) private readonly roles: Model<Role>,
    @InjectModel(Client.name) private readonly clients: Model<Client>,
  ) {}

  async load(userId: Types.ObjectId, credential: CredentialRef): Promise<AuthPrincipal | null> {
    const user = await this.users.findById(userId).lean<User & { _id: Types.ObjectId }>().exec();
    if (!user || !user.active) return null;
    return this.fromUser(user, credential);
  }

  async fromUser(user: User & { _id: Types.ObjectId }, credential: CredentialRef): Promise<AuthPrincipal | null> {
    const [role, client] = await Promise.all([
      this.roles.findById(user.roleId).lean<Role & { _id: Types.ObjectId }>().exec(),
      this.clients.findById(user.clientId).lean<Client>().exec(),
    ]);
    if (!role || !client || !role.clientId.equals(user.clientId)) return null;
    const scope = user.trackerScope?.all === false ? TrackerScope.of(user.trackerScope.trackerIds) : TrackerScope.all();
    return {
      userId: user._id,
      clientId: user.clientId,
      client: { name: client.name, timeZone: client.timeZone },
      email: user.email,
      name: user.name,
      language: languageOr(user.language),
      role: { id: role._id, name: role.name, protected: role.protected },
      permissions: new Set(role.permissions.filter(isPermission)),
      trackerScope: scope,
      credential,
    };
  }
}
