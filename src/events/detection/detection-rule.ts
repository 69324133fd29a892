import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { markedProviders } from '@app/bus';
import type { DetectedEvent, DetectorState, Fix, Spot } from './detector-state';
import type { CompiledGeofence } from '../../geofences';
import type { CompiledPlace } from '../../places';

/** What the fence rules need of a client's geofences. */
export interface FenceLookup {
  near(minLng: number, minLat: number, maxLng: number, maxLat: number): CompiledGeofence[];
  byId(id: string): CompiledGeofence | undefined;
}

/** What the visit rule needs of a client's places. */
export interface PlaceLookup {
  containing(point: { lat: number; lng: number }): CompiledPlace[];
  byId(id: string): CompiledPlace | undefined;
}

export interface FenceContext {
  fences: FenceLookup;
  appliesTo(fence: CompiledGeofence): boolean;
  /** Metres past the edge that confirm a change at once (otherwise a second fix must agree). */
  hysteresisM: number;
}

/** What the rules know of an asset besides its state: its geofences, places and settings. */
export interface DetectorContext extends FenceContext {
  places: PlaceLookup;
  settings: { speedLimitKmh: number | null; idleMinutes: number; temperature: { min: number; max: number } | null };
}

/** One fix as the rules read it, judged against the asset's last place (`detect`). */
export interface FixMoment {
  state: DetectorState;
  fix: Fix;
  /** Where the asset is at the fix: its position, or the last known one for a fix without. */
  spot: Spot;
  /** The fix's own position, when it has one no vehicle would refuse. */
  located: Spot | null;
  /** False after a jump no vehicle drives: no path to interpolate from the last place. */
  continuous: boolean;
  context: DetectorContext;
}

/**
 * A kind of fleet event found in fixes: one class marked `@FleetEventRule()` and listed among
 * the events module's providers (docs/architecture.md, "Where new things go"). Rules run by `order`
 * over each fix: a rule that reads what another wrote into the state runs after it.
 */
export interface DetectionRule {
  readonly order: number;
  eventsAt(moment: FixMoment): DetectedEvent[];
}

/** Marks a provider as a detection rule, found by `DetectionRules`. */
export const FleetEventRule = DiscoveryService.createDecorator<void>();

/** Rules in the order they run. */
export const inRuleOrder = (rules: readonly DetectionRule[]): DetectionRule[] => [...rules].sort((a, b) => a.order - b.order);

/** The rules the app registered, in order. */
@Injectable()
export class DetectionRules implements OnModuleInit {
  private rules: DetectionRule[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    this.rules = inRuleOrder(markedProviders<DetectionRule>(this.discovery, FleetEventRule));
  }

  get all(): readonly DetectionRule[] {
    return this.rules;
  }
}
