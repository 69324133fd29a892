import { Module } from '@nestjs/common';
import { LoginFailureLimiter } from '@app/auth';
import { ApiTokensController } from './api-tokens.controller';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { SessionCookie } from './session-cookie';

/** Sign-in, sign-out, the caller, and API-token management (`/api/auth/...`). */
@Module({
  controllers: [AuthController, ApiTokensController],
  providers: [AuthService, SessionCookie, LoginFailureLimiter],
})
export class AuthApiModule {}
