/** Pesos have no decimals in practice, but prices carry up to two: costs are kept to cents. */
export function fuelCost(liters: number, pricePerLiter: number): number {
  return Math.round(liters * pricePerLiter * 100) / 100;
}
