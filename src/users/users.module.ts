import { Module } from '@nestjs/common';
import { TrackerGrants } from './accounts/tracker-grants';
import { UserAccountsController } from './accounts/user-accounts.controller';
import { UserAccountsService } from './accounts/user-accounts.service';
import { PermissionsController } from './permissions/permissions.controller';
import { ProtectedUsers } from './protected-users';
import { RolesController } from './roles/roles.controller';
import { RolesService } from './roles/roles.service';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

/**
 * Users, roles and the permission catalog of a client (`/api/users`, `/api/roles`,
 * `/api/permissions`). Identity models and credentials come from `@app/auth`.
 */
@Module({
  controllers: [UsersController, UserAccountsController, RolesController, PermissionsController],
  providers: [UsersService, UserAccountsService, RolesService, ProtectedUsers, TrackerGrants],
})
export class UsersModule {}
