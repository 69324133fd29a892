import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { DeletedRecord, DeletedView, FoundRecord, PagedBody, PagedResponse } from '@app/http';
import { CreateRoleDto } from './dto/create-role.dto';
import { ListRolesQueryDto } from './dto/list-roles-query.dto';
import { UpdateRoleDto } from './dto/update-role.dto';
import { RoleView } from './role.view';
import { RolesService } from './roles.service';

const BAD_BODY = 'A missing, empty, too long or unknown field, or a permission not in the catalog (shape A)';
const NOT_FOUND = "No role with this id in the caller's client (shape A)";

@ApiTags('users')
@Controller('roles')
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  /** The client's roles, by name. */
  @Get()
  @Authenticated({ permission: Permission.User })
  @PagedResponse(RoleView, 'One page of roles, by name')
  @ApiBadRequestResponse({ description: 'A bad `limit` or `cursor`, or an unknown parameter (shape A)' })
  list(@Auth() auth: AuthContext, @Query() query: ListRolesQueryDto): Promise<PagedBody<RoleView>> {
    return this.roles.list(auth, query);
  }

  /** One role of the client. */
  @Get(':id')
  @Authenticated({ permission: Permission.User })
  @FoundRecord(RoleView, NOT_FOUND)
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<RoleView> {
    return this.roles.get(auth, id);
  }

  /** Creates a role; a protected one only by a caller whose role is protected (else 403). */
  @Post()
  @Authenticated({ permission: Permission.User })
  @HttpCode(201)
  @ApiCreatedResponse({ type: RoleView })
  @ApiBadRequestResponse({ description: BAD_BODY })
  @ApiConflictResponse({ description: 'The client already has a role of that name (shape A)' })
  create(@Auth() auth: AuthContext, @Body() body: CreateRoleDto): Promise<RoleView> {
    return this.roles.create(auth, body);
  }

  /**
   * Changes a role's name, permissions or protection. A protected role, or making one protected,
   * needs a protected caller (else 403). The holders' new permissions apply at once on this instance.
   */
  @Patch(':id')
  @Authenticated({ permission: Permission.User })
  @ApiOkResponse({ type: RoleView })
  @ApiBadRequestResponse({ description: BAD_BODY })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  @ApiConflictResponse({ description: 'The name is taken, or un-protecting would leave no active protected user (shape A)' })
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateRoleDto): Promise<RoleView> {
    return this.roles.update(auth, id, body);
  }

  /** Deletes a role that no user holds (else 409 naming how many do). */
  @Delete(':id')
  @Authenticated({ permission: Permission.User })
  @DeletedRecord(NOT_FOUND)
  @ApiConflictResponse({ description: 'Users still hold the role (shape A)' })
  remove(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DeletedView> {
    return this.roles.remove(auth, id);
  }
}
