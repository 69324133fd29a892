import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto, StrictBody, ValidateText, WhenSent } from '@app/http';
import { WEBHOOK_EVENT_TYPES } from '../webhook-types';

/**
 * `eventTypes`: at least one, each a webhook event type, none twice; optional when the update
 * sends it. The document spells out the limits, as the validators sit inside this decorator.
 */
function WebhookEventTypesField({ optional = false } = {}): PropertyDecorator {
  return applyDecorators(
    IsIn(WEBHOOK_EVENT_TYPES, {
      each: true,
      message: 'each value in eventTypes must be alert.opened, alert.acknowledged, alert.resolved or event.<fleet event type>',
    }),
    ArrayUnique(),
    ArrayMaxSize(WEBHOOK_EVENT_TYPES.length),
    ArrayMinSize(1),
    IsArray(),
    ...(optional ? [WhenSent()] : []),
    ApiProperty({
      type: 'array',
      items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] },
      minItems: 1,
      maxItems: WEBHOOK_EVENT_TYPES.length,
      uniqueItems: true,
      required: !optional,
      description: 'What the endpoint receives: the alert life cycle and any fleet event as `event.<type>`',
      example: ['alert.opened', 'event.geofence.exit'],
    }),
  );
}

@StrictBody()
export class CreateWebhookEndpointDto {
  /**
   * Where deliveries are POSTed: https in production; it may not resolve to a private, loopback,
   * link-local or metadata address (docs/notifications.md, "Network guard"); no spaces around it,
   * no backslash, no user name or password. Stored and answered in its normalized form.
   * @example "https://hooks.example.com/fleet"
   */
  @IsString()
  @MaxLength(2000)
  url: string;

  /** @example "ERP de despacho" */
  @ValidateText({ min: 0, max: 500, optional: true })
  description?: string;

  @WebhookEventTypesField()
  eventTypes: string[];

  /** Deliveries go out only while enabled (default true). */
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

/** The fields to change, at least one. Enabling an endpoint the platform disabled clears its failure count. */
@StrictBody()
export class UpdateWebhookEndpointDto {
  /** A new URL, under the rules of creation; stored and answered in its normalized form. */
  @WhenSent()
  @IsString()
  @MaxLength(2000)
  url?: string;

  @WhenSent()
  @ValidateText({ min: 0, max: 500 })
  description?: string;

  @WebhookEventTypesField({ optional: true })
  eventTypes?: string[];

  @WhenSent()
  @IsBoolean()
  enabled?: boolean;
}

@StrictBody()
export class ListWebhookEndpointsDto extends PageQueryDto {}

@StrictBody()
export class ListWebhookDeliveriesDto extends PageQueryDto {}
