import { Body, Controller, HttpCode, Param, Patch } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, ChecksWriteAccess, Permission } from '@app/auth';
import { ChangePasswordDto } from './dto/change-password.dto';
import { MessageView } from '@app/http';
import { UsersService } from './users.service';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /**
   * Changes a user's password: one's own with `access_user`, another user's of the same client
   * only with a protected role as well, and only if they see no tracker the caller does not. The
   * user's other sessions are signed out.
   */
  @Patch(':id/change-password')
  @ChecksWriteAccess('users.act_on_other')
  @Authenticated({ permission: Permission.User })
  @HttpCode(200)
  changePassword(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: ChangePasswordDto): Promise<MessageView> {
    return this.users.changePassword(auth, id, body.password);
  }
}
