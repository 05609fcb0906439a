/**
 * How far ahead a cover bought online may start. A trip is often booked months ahead, so travel
 * abroad allows half a year; every other cover three months (casco reads its own from its tariff).
 * The page's date fields take the same bound (`ui:options` `max`: `today+<days>`), the server refuses beyond it.
 */
export const latestStartDays = 90;
export const latestTripStartDays = 180;
