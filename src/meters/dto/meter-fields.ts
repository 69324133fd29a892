import { applyDecorators } from '@nestjs/common';
import { IsNumber, Max, Min } from 'class-validator';

/** The readings a body may give of an asset's meters (listed bottom first, as stacked decorators apply). */
const MeterValue = (max: number): PropertyDecorator => applyDecorators(Max(max), Min(0), IsNumber({ allowNaN: false, allowInfinity: false }));

/** `odometerKm`: 0 to 10 000 000 km. */
export const OdometerKmValue = () => MeterValue(10_000_000);

/** `engineHours`: 0 to 1 000 000 hours. */
export const EngineHoursValue = () => MeterValue(1_000_000);
