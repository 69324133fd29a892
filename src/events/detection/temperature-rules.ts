import { Injectable } from '@nestjs/common';
import { DetectionRule, FixMoment, FleetEventRule } from './detection-rule';
import { confirm, DetectedEvent, DetectorState, Fix, Spot } from './detector-state';

/** °C outside the range that confirm a change at once; otherwise a second reading must agree. */
export const TEMPERATURE_MARGIN_C = 2;

/** `temperature.out_of_range` when a sensor leaves `range`, `temperature.back_in_range` when all are back. */
export function temperatureEvents(state: DetectorState, fix: Fix, spot: Spot, range: { min: number; max: number } | null): DetectedEvent[] {
  const s = state.temperature;
  const readings = Object.entries(fix.temps);
  if (readings.length === 0) return [];
  if (!range) {
    if (s.out) state.temperature = { out: false }; // no longer watched: forgotten without an event
    return [];
  }
  const excess = (value: number) => Math.max(range.min - value, value - range.max);
  const [sensor, value] = readings.reduce((worst, reading) => (excess(reading[1]) > excess(worst[1]) ? reading : worst));
  const out = excess(value) > 0;
  if (out === s.out) {
    s.pending = undefined;
    return [];
  }
  const step = confirm(s.pending, out, spot, Math.abs(excess(value)) >= TEMPERATURE_MARGIN_C);
  if (!step.confirmed) {
    s.pending = step.pending;
    return [];
  }
  if (out) {
    state.temperature = { out: true, since: step.confirmed };
    return [{ type: 'temperature.out_of_range', at: step.confirmed, details: { sensor, valueC: value, min: range.min, max: range.max } }];
  }
  const since = s.since;
  state.temperature = { out: false };
  return [
    {
      type: 'temperature.back_in_range',
      at: step.confirmed,
      details: { sensor, valueC: value, min: range.min, max: range.max, durationSeconds: since ? Math.round(step.confirmed.ts - since.ts) : null },
    },
  ];
}

/** `temperature.out_of_range` / `temperature.back_in_range`. */
@Injectable()
@FleetEventRule()
export class TemperatureRule implements DetectionRule {
  readonly order = 50;

  eventsAt({ state, fix, spot, context }: FixMoment): DetectedEvent[] {
    return temperatureEvents(state, fix, spot, context.settings.temperature);
  }
}
