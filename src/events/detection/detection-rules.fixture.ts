import { inRuleOrder } from './detection-rule';
import { OnlineRule } from './detector';
import { GeofenceRule } from './fence-rules';
import { HarshDrivingRule } from './harsh-rules';
import { IdlingRule, IgnitionRule, SpeedingRule } from './motion-rules';
import { VisitRule } from './place-rules';
import { TemperatureRule } from './temperature-rules';

/** The rules the events module registers, for the detector's unit tests (the app finds them by their decorator). */
export const REGISTERED_RULES = inRuleOrder([
  new TemperatureRule(),
  new HarshDrivingRule(),
  new IgnitionRule(),
  new IdlingRule(),
  new SpeedingRule(),
  new VisitRule(),
  new GeofenceRule(),
  new OnlineRule(),
]);
