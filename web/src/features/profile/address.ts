import type { Address } from '#contract/schemas/auth.ts';

const SINGAPORE = 'Singapore';
const SINGAPORE_CODES = new Set(['', 'SG', 'SGP']);

/** '#12-01' and '12-01' both show as '#12-01': the record may or may not carry the hash. */
function floorUnit(value: string): string {
  const trimmed = value.trim();
  if (!trimmed) return '';
  return trimmed.startsWith('#') ? trimmed : `#${trimmed}`;
}

const join = (...parts: string[]) =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ');

/**
 * A correspondence address as the lines of a Singapore address: block/house and street, #floor-unit
 * and building, then 'Singapore' and the postal code. Empty parts (and lines) are left out.
 */
export function formatAddressLines(address: Address): string[] {
  const country = address.country.trim();
  const place = SINGAPORE_CODES.has(country.toUpperCase()) ? SINGAPORE : country;
  return [
    join(address.blockHouseNo, address.streetName),
    join(floorUnit(address.floorUnit), address.buildingName),
    join(place, address.postalCode),
  ].filter(Boolean);
}
