import { PartialType } from '@nestjs/swagger';
import { StrictBody } from '@app/http';
import { CreateAlertRuleDto } from './create-alert-rule.dto';

/** The fields to change, at least one (null refused but for `schedule: null`, which removes the schedule). */
@StrictBody()
export class UpdateAlertRuleDto extends PartialType(CreateAlertRuleDto, { skipNullProperties: false }) {}
