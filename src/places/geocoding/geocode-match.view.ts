/** A place the geocoder found for the text. */
export class GeocodeMatchView {
  /** @example "Providencia, Región Metropolitana de Santiago, Chile" */
  label: string;
  /** @example -33.4314 */
  lat: number;
  /** @example -70.6093 */
  lng: number;
}
