import { Injectable } from '@nestjs/common';
import { ActivityRecorder } from '@app/activity';
import type { AuthContext } from '@app/auth';
import { InjectRepository, type TenantScope, TenantRepository } from '@app/database';
import { badRequest } from '@app/errors';
import { DEFAULT_WEIGHTS, type DrivingWeights, WEIGHT_NAMES } from '../driving-score';
import type { DrivingScoreSettingsView, UpdateDrivingScoreSettingsDto } from './driving-score-settings.dto';
import { DrivingScoreSettings } from './driving-score-settings.schema';

/** A client's score weights: the defaults, with the ones it changed over them. */
@Injectable()
export class DrivingScoreSettingsService {
  constructor(
    @InjectRepository(DrivingScoreSettings) private readonly settings: TenantRepository<DrivingScoreSettings>,
    private readonly activity: ActivityRecorder,
  ) {}

  async weights(scope: TenantScope): Promise<DrivingWeights> {
    const stored = await this.settings.findOne(scope, {});
    return { ...DEFAULT_WEIGHTS, ...(stored?.weights ?? {}) };
  }

  async get(auth: AuthContext): Promise<DrivingScoreSettingsView> {
    return { weights: await this.weights(auth) };
  }

  async update(auth: AuthContext, body: UpdateDrivingScoreSettingsDto): Promise<DrivingScoreSettingsView> {
    const changed = Object.fromEntries(WEIGHT_NAMES.flatMap((name) => (body.weights[name] === undefined ? [] : [[`weights.${name}`, body.weights[name]]])));
    if (Object.keys(changed).length === 0) throw badRequest(`Nothing to change: send at least one of weights.${WEIGHT_NAMES.join(', weights.')}`);
    const before = await this.get(auth);
    await this.settings.updateOne(auth, {}, { $set: changed }, { upsert: true });
    const after = await this.get(auth);
    await this.activity.record(auth, {
      action: 'driving_score_settings.update',
      resourceType: 'driving_score_settings',
      summary: `Driving score weights changed: ${Object.keys(changed)
        .map((key) => key.slice('weights.'.length))
        .join(', ')}`,
      before,
      after,
    });
    return after;
  }
}
