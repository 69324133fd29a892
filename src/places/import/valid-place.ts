import { validAsBody } from '@app/http';
import { CreatePlaceDto } from '../dto/create-place.dto';

/** An import row's fields checked by the rules of `POST /api/places`: a row is accepted exactly when the same body would be. */
export async function validPlace(fields: Record<string, unknown>): Promise<{ place: CreatePlaceDto } | { message: string }> {
  const outcome = await validAsBody(CreatePlaceDto, fields);
  return 'message' in outcome ? outcome : { place: outcome.value };
}
