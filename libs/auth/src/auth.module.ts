import { Global, Module } from '@nestjs/common';
import { ClientTimeZones } from './clients/client-time-zones';
import { APP_GUARD } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import { PassportModule } from '@nestjs/passport';
import { TenantDataModule } from '@app/database';
import { AuthenticationGuard } from './guards/authentication.guard';
import { BearerStrategy } from './guards/bearer.strategy';
import { IdentityProvisioning } from './provisioning/identity-provisioning.service';
import { RateLimitGuard } from './rate-limit/rate-limit.guard';
import { ApiToken, ApiTokenSchema } from './schemas/api-token.schema';
import { Client, ClientSchema } from './schemas/client.schema';
import { Role, RoleSchema } from './schemas/role.schema';
import { Session, SessionSchema } from './schemas/session.schema';
import { User, UserSchema } from './schemas/user.schema';
import { ApiTokenService } from './tokens/api-token.service';
import { CredentialVerifier } from './tokens/credential-verifier.service';
import { PrincipalLoader } from './tokens/principal-loader';
import { SessionService } from './tokens/session.service';

// Sign-in reads across clients (an email, a token hash): the credential services use the models.
// Domains read a client's users and roles through their tenant repositories.
const identityModels = MongooseModule.forFeature([
  { name: Client.name, schema: ClientSchema },
  { name: Session.name, schema: SessionSchema },
  { name: ApiToken.name, schema: ApiTokenSchema },
]);
const identityData = TenantDataModule.forFeature([
  { name: Role.name, schema: RoleSchema },
  { name: User.name, schema: UserSchema },
]);

/**
 * Authentication and authorization for every route: guards registered globally (rate limit
 * first, then authentication and permission), identity models and credential services.
 */
@Global()
@Module({
  imports: [identityModels, identityData, PassportModule],
  providers: [
    PrincipalLoader,
    CredentialVerifier,
    SessionService,
    ApiTokenService,
    IdentityProvisioning,
    ClientTimeZones,
    BearerStrategy,
    { provide: APP_GUARD, useClass: RateLimitGuard },
    { provide: APP_GUARD, useClass: AuthenticationGuard },
  ],
  exports: [identityModels, identityData, PrincipalLoader, CredentialVerifier, SessionService, ApiTokenService, IdentityProvisioning, ClientTimeZones],
})
export class AuthModule {}
