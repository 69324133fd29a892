import { Injectable } from '@nestjs/common';
import { AuthContext, User } from '@app/auth';
import { AppConfig } from '@app/config';
import { InjectRepository, TenantRepository } from '@app/database';
import { DomainException, ErrorCode, notFound } from '@app/errors';
import { isObjectIdString } from '@app/formats';
import { PartnerHashesView } from './partner-hashes.view';
import { signPartnerLogin } from './partner-signature';

@Injectable()
export class PartnerService {
  constructor(
    @InjectRepository(User) private readonly users: TenantRepository<User>,
    private readonly config: AppConfig,
  ) {}

  /**
   * The caller's own sign-in hashes for the partner platform. Any other user id, and a user with
   * no partner account, read as not found; so does the integration when it is not configured
   * (the spec lists 401, 404 and 500 only): 404 with a message that says so.
   */
  async hashes(auth: AuthContext, userId: string): Promise<PartnerHashesView> {
    if (!isObjectIdString(userId) || !auth.userId.equals(userId)) throw notFound('Partner account');
    const user = await this.users.findById(auth, userId);
    const login = user?.partnerAccount?.login;
    if (!login) throw notFound('Partner account');

    const platformUrl = this.config.get('PARTNER_PLATFORM_URL');
    const secret = this.config.get('PARTNER_SHARED_SECRET');
    if (!platformUrl || !secret) {
      throw new DomainException(ErrorCode.NotFound, 'The partner platform integration is not configured');
    }
    return signPartnerLogin({ login, secret, platformUrl, now: new Date() });
  }
}
