import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { randomBytes } from 'node:crypto';
import { Model, Types } from 'mongoose';
import { hashPassword } from '../passwords/password-hasher';
import { ALL_PERMISSIONS, Permission } from '../permissions';
import { Client } from '../schemas/client.schema';
import { Role } from '../schemas/role.schema';
import { User, UserLanguage } from '../schemas/user.schema';

export interface NewUser {
  clientId: Types.ObjectId;
  email: string;
  name: string;
  password?: string;
  roleId: Types.ObjectId;
  trackerIds?: Types.ObjectId[];
  partnerLogin?: string;
  language?: UserLanguage;
}

export type StoredUser = User & { _id: Types.ObjectId };

/**
 * Creates clients, roles and users: the command line, the demo seed, and `POST /api/users`
 * (which checks the caller's rights first and passes the caller's client).
 */
@Injectable()
export class IdentityProvisioning {
  constructor(
    @InjectModel(Client.name) private readonly clients: Model<Client>,
    @InjectModel(Role.name) private readonly roles: Model<Role>,
    @InjectModel(User.name) private readonly users: Model<User>,
  ) {}

  async createClient(name: string, timeZone = 'America/Santiago'): Promise<Types.ObjectId> {
    const client = await this.clients.create({ name, timeZone });
    return client._id;
  }

  /** The client's role of that name, created with these permissions when it does not exist. */
  async ensureRole(clientId: Types.ObjectId, name: string, permissions: readonly Permission[] = ALL_PERMISSIONS, isProtected = false): Promise<Types.ObjectId> {
    const existing = await this.roles.findOne({ clientId, name }).lean().exec();
    if (existing) return existing._id;
    const role = await this.roles.create({ clientId, name, permissions, protected: isProtected });
    return role._id;
  }

  /** Creates a user; without a password one is generated. Returns the user and the password. */
  async createUser(input: NewUser): Promise<{ user: StoredUser; password: string }> {
    const password = input.password ?? generatePassword();
    const user = await this.users.create({
      clientId: input.clientId,
      email: input.email,
      name: input.name,
      passwordHash: await hashPassword(password),
      roleId: input.roleId,
      trackerScope: input.trackerIds ? { all: false, trackerIds: input.trackerIds } : { all: true, trackerIds: [] },
      partnerAccount: input.partnerLogin ? { login: input.partnerLogin } : undefined,
      language: input.language ?? 'es',
    });
    return { user: user.toObject(), password };
  }

  findUser(filter: { _id?: Types.ObjectId; email?: string }): Promise<StoredUser | null> {
    return this.users.findOne(filter).lean<StoredUser>().exec();
  }
}

/** 16 characters from a random source, readable (no 0/O, 1/l). */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return Array.from(randomBytes(16), (byte) => alphabet[byte % alphabet.length]).join('');
}
