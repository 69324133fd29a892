import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Auth, AuthContext, Authenticated, LoginLockedOut, LoginRateLimited, Public } from '@app/auth';
import { MessageView } from '@app/http';
import { AuthService } from './auth.service';
import { MeView, SessionView, toMeView } from './auth.view';
import { LoginDto } from './dto/login.dto';
import { SessionCookie } from './session-cookie';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly cookie: SessionCookie,
  ) {}

  /** Signs in with email and password: a session token in the body and the session cookie. */
  @Post('login')
  @Public()
  @ApiUnauthorizedResponse({ description: 'Wrong email or password, or a disabled account (shape A)' })
  @LoginRateLimited()
  @HttpCode(200)
  async login(@Body() body: LoginDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<SessionView> {
    const meta = { requestId: String(request.id ?? ''), ip: request.ip ?? '', userAgent: request.headers['user-agent'] };
    const session = await this.auth.login(body.email, body.password, meta).catch((error: unknown) => {
      if (error instanceof LoginLockedOut) response.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    });
    this.cookie.set(response, session.token, session.expiresAt);
    return session;
  }

  /** Ends the calling session (its token stops working at once) and clears the cookie. */
  @Post('logout')
  @Authenticated()
  @HttpCode(200)
  async logout(@Auth() auth: AuthContext, @Res({ passthrough: true }) response: Response): Promise<MessageView> {
    await this.auth.logout(auth);
    this.cookie.clear(response);
    return { message: 'Signed out' };
  }

  /** The caller: user, client, role, permissions and tracker scope. */
  @Get('me')
  @Authenticated()
  me(@Auth() auth: AuthContext): MeView {
    return toMeView(auth);
  }
}
