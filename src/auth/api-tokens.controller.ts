import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ActivityRecorder } from '@app/activity';
import { ApiTokenService, ApiTokenView, Auth, AuthContext, Authenticated } from '@app/auth';
import { CreateApiTokenDto } from './dto/create-api-token.dto';

/** The caller's own `atk_` API tokens. The plain token is shown once, on creation. */
@ApiTags('auth')
@Controller('auth/api-tokens')
export class ApiTokensController {
  constructor(
    private readonly tokens: ApiTokenService,
    private readonly activity: ActivityRecorder,
  ) {}

  /** The caller's API tokens (never their value: a hint of its last characters). */
  @Get()
  @Authenticated()
  list(@Auth() auth: AuthContext): Promise<ApiTokenView[]> {
    return this.tokens.list(auth.userId);
  }

  /** Creates an `atk_` API token for the caller; its value is in this answer only. */
  @Post()
  @Authenticated()
  async create(@Auth() auth: AuthContext, @Body() body: CreateApiTokenDto): Promise<ApiTokenView & { token: string }> {
    const expiresAt = body.expiresInDays ? new Date(Date.now() + body.expiresInDays * 86_400_000) : undefined;
    const created = await this.tokens.create(auth, body.name, expiresAt);
    await this.activity.record(auth, {
      action: 'api_token.create',
      resourceType: 'api_token',
      resourceId: created.id,
      summary: `API token "${created.name}" created`,
      after: { name: created.name, hint: created.hint, expiresAt: created.expiresAt },
    });
    return created;
  }

  /** Revokes one of the caller's API tokens: it stops working at once. */
  @Delete(':id')
  @Authenticated()
  async revoke(@Auth() auth: AuthContext, @Param('id') id: string): Promise<ApiTokenView> {
    const revoked = await this.tokens.revoke(auth.userId, id);
    await this.activity.record(auth, {
      action: 'api_token.revoke',
      resourceType: 'api_token',
      resourceId: revoked.id,
      summary: `API token "${revoked.name}" revoked`,
    });
    return revoked;
  }
}
