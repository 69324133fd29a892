import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ALL_PERMISSIONS, Authenticated, Permission, PERMISSION_DESCRIPTIONS } from '@app/auth';
import { PermissionView } from './permission.view';

// The catalog is code: built once, the same for every client.
const CATALOG: PermissionView[] = ALL_PERMISSIONS.map((name) => ({ name, description: PERMISSION_DESCRIPTIONS[name] }));

@ApiTags('users')
@Controller('permissions')
export class PermissionsController {
  /** The permission catalog: every name a role may hold (the spec's six and the platform's), with what it allows. */
  @Get()
  @Authenticated({ permission: Permission.User })
  @ApiOkResponse({ type: PermissionView, isArray: true })
  list(): PermissionView[] {
    return CATALOG;
  }
}
