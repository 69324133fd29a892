import { applyDecorators } from '@nestjs/common';
import { ArrayMaxSize, ArrayUnique, IsArray, IsIn } from 'class-validator';
import { ALL_PERMISSIONS } from '@app/auth';

/** A list of distinct permission names from the catalog (`GET /api/permissions`). */
export function IsPermissionList(): PropertyDecorator {
  return applyDecorators(
    IsArray(),
    ArrayMaxSize(ALL_PERMISSIONS.length),
    ArrayUnique({ message: 'permissions must not repeat a name' }),
    IsIn(ALL_PERMISSIONS, { each: true, message: `each permission must be one of ${ALL_PERMISSIONS.join(', ')}` }),
  );
}
