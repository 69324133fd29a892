import { IsBoolean } from 'class-validator';
import { Permission } from '@app/auth';
import { StrictBody, ValidateText, WhenSent } from '@app/http';
import { IsPermissionList } from './role-fields';

@StrictBody()
export class CreateRoleDto {
  /** Unique within the client (1 to 100 characters, trimmed). */
  @ValidateText({ max: 100 })
  name: string;

  /** Permission names from `GET /api/permissions`, each at most once; may be empty. */
  @IsPermissionList()
  permissions: Permission[];

  /** Whether holders may act on other users and protected roles (default false); only a protected caller may set it. */
  @WhenSent()
  @IsBoolean()
  protected?: boolean;
}
