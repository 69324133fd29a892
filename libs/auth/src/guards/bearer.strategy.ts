import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { AuthPrincipal } from '../context/auth-context';
import { CredentialVerifier } from '../tokens/credential-verifier.service';

/** `Authorization: Bearer <session token | atk_ token>` through passport-http-bearer. */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly verifier: CredentialVerifier) {
    super();
  }

  async validate(token: string): Promise<AuthPrincipal | false> {
    return (await this.verifier.verify(token)) ?? false;
  }
}
