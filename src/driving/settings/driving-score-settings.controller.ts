import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { DrivingScoreSettingsView, UpdateDrivingScoreSettingsDto } from './driving-score-settings.dto';
import { DrivingScoreSettingsService } from './driving-score-settings.service';

@ApiTags('driving')
@Controller('driving-score-settings')
export class DrivingScoreSettingsController {
  constructor(private readonly settings: DrivingScoreSettingsService) {}

  /** The client's driving score weights (docs/driving.md has the formula and the defaults). */
  @Get()
  @Authenticated({ permission: Permission.Reports })
  @ApiOkResponse({ type: DrivingScoreSettingsView, description: 'The weights in force' })
  get(@Auth() auth: AuthContext): Promise<DrivingScoreSettingsView> {
    return this.settings.get(auth);
  }

  /** Changes some of the weights (each 0 to 1 000); the others keep their value. */
  @Patch()
  @Authenticated({ permission: Permission.Reports })
  @ApiOkResponse({ type: DrivingScoreSettingsView, description: 'The weights in force after the change' })
  @ApiBadRequestResponse({ description: 'Not a number, negative, over 1 000, an unknown field, or nothing to change (shape A)' })
  update(@Auth() auth: AuthContext, @Body() body: UpdateDrivingScoreSettingsDto): Promise<DrivingScoreSettingsView> {
    return this.settings.update(auth, body);
  }
}
