import { IsIn, IsOptional, ValidationOptions } from 'class-validator';
import { applyDecorators } from '@nestjs/common';

/** The four fuel grades sold in Chile (DESIGN.md): the base types of tariffs and price records. */
export const FUEL_GRADES = ['gasoline_93', 'gasoline_95', 'gasoline_97', 'diesel'] as const;

export type FuelGrade = (typeof FUEL_GRADES)[number];

export function isFuelGrade(value: unknown): value is FuelGrade {
  return typeof value === 'string' && (FUEL_GRADES as readonly string[]).includes(value);
}

/** One of the four fuel grades; with `optional`, absent is accepted (null and arrays are not). */
export function IsFuelGrade(options: ValidationOptions & { optional?: boolean } = {}): PropertyDecorator {
  const { optional, ...validation } = options;
  const decorators: PropertyDecorator[] = [IsIn(FUEL_GRADES, { ...validation, message: `$property must be one of ${FUEL_GRADES.join(', ')}` })];
  if (optional) decorators.unshift(IsOptional());
  return applyDecorators(...decorators);
}
