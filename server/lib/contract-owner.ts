import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * Whether a row of `contracts` is the client's: the contact phone its save gave is the client's
 * verified phone, or the client's PINFL is among those the person registry gave for its
 * policyholder and applicant (the terms' `clientPhone` and `clientPinfls`), whichever channel sold
 * it. `phone` and `pinfl` are a client's values, or columns of `clients` in a join. Each side is an
 * expression migration 081 indexes.
 */
export function ownedBy(client: { phone: string | Expression<string>; pinfl: string | Expression<string> }): RawBuilder<boolean> {
  return sql<boolean>`((contracts.request -> 'terms' ->> 'clientPhone') = ${client.phone} OR (contracts.request -> 'terms' -> 'clientPinfls') ? ${client.pinfl})`;
}
