import { applyDecorators } from '@nestjs/common';
import { ArrayMaxSize, ArrayUnique, IsArray, IsBoolean } from 'class-validator';
import { IsObjectIdString } from '@app/formats';
import { WhenSent, type WhenSentOptions } from '@app/http';

/** Assets, or groups, one record names at most. */
export const MAX_ASSET_TARGETS = 1000;

/*
 * Each DTO that targets assets declares the fields where its body has them (their place orders
 * the OpenAPI properties and the validation errors) with these decorators, and its own
 * description. The decorators are listed in the order stacked decorators apply, bottom first,
 * so that a field's validation messages keep their order.
 */

/** `allAssets`: the record applies to every asset of the client. Optional; `null` refused unless `whenSent` accepts it. */
export function AllAssetsField(whenSent: WhenSentOptions = {}): PropertyDecorator {
  return applyDecorators(IsBoolean(), WhenSent(whenSent));
}

export interface AssetTargetIdsOptions extends WhenSentOptions {
  /** Refuse the same id twice (default); without it, the service de-duplicates. */
  unique?: boolean;
}

/** `assetIds` or `groupIds`: ids of the client's assets or asset groups, at most `MAX_ASSET_TARGETS`. Optional. */
export function AssetTargetIdsField({ unique = true, ...whenSent }: AssetTargetIdsOptions = {}): PropertyDecorator {
  return applyDecorators(IsObjectIdString({ each: true }), ...(unique ? [ArrayUnique()] : []), ArrayMaxSize(MAX_ASSET_TARGETS), IsArray(), WhenSent(whenSent));
}
