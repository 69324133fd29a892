import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, ChecksWriteAccess, Permission } from '@app/auth';
import { FoundRecord, PagedBody, PagedResponse } from '@app/http';
import { CreateUserDto } from './dto/create-user.dto';
import { ListUsersQueryDto } from './dto/list-users-query.dto';
import { UpdateUserDto } from './dto/update-user.dto';
import { UserAccountsService } from './user-accounts.service';
import { CreatedUserView, UserView } from './user.view';

const NOT_FOUND = "No user with this id in the caller's client (shape A)";
const BAD_BODY = "A missing, malformed or unknown field, a role or tracker that is not the client's (shape A)";

/** Users of the caller's client (the password change is `UsersController`). */
@ApiTags('users')
@Controller('users')
export class UserAccountsController {
  constructor(private readonly accounts: UserAccountsService) {}

  /** The client's users, newest first; `q` searches name and email, `roleId` and `disabled` filter. */
  @Get()
  @Authenticated({ permission: Permission.User })
  @PagedResponse(UserView)
  @ApiBadRequestResponse({ description: 'A bad filter, `limit` or `cursor`, or an unknown parameter (shape A)' })
  list(@Auth() auth: AuthContext, @Query() query: ListUsersQueryDto): Promise<PagedBody<UserView>> {
    return this.accounts.list(auth, query);
  }

  /** One user of the client. */
  @Get(':id')
  @Authenticated({ permission: Permission.User })
  @FoundRecord(UserView, NOT_FOUND)
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<UserView> {
    return this.accounts.get(auth, id);
  }

  /**
   * Creates a user with a generated initial password, answered once in `initialPassword` and
   * stored only as a hash. A protected role only by a protected caller (else 403).
   */
  @Post()
  @ChecksWriteAccess('users.grant_all_trackers')
  @Authenticated({ permission: Permission.User })
  @HttpCode(201)
  @ApiCreatedResponse({ type: CreatedUserView })
  @ApiBadRequestResponse({ description: BAD_BODY })
  @ApiConflictResponse({ description: 'A user with this email already exists (shape A)' })
  create(@Auth() auth: AuthContext, @Body() body: CreateUserDto): Promise<CreatedUserView> {
    return this.accounts.create(auth, body);
  }

  /**
   * Changes a user's name, role, trackers or access. Another user, or one's own role, trackers or
   * access, only with a protected role, and another user only if they see no tracker the caller
   * does not (else 403). Disabling revokes every session and API token.
   */
  @Patch(':id')
  @ChecksWriteAccess('users.act_on_other', 'users.grant_all_trackers')
  @Authenticated({ permission: Permission.User })
  @ApiOkResponse({ type: UserView })
  @ApiBadRequestResponse({ description: BAD_BODY })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  @ApiConflictResponse({ description: 'It would leave the client without an active protected user, or disable the caller (shape A)' })
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateUserDto): Promise<UserView> {
    return this.accounts.update(auth, id, body);
  }
}
