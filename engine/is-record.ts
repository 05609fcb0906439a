/**
 * Whether a value is a JSON object (not null, not an array). The page, the products and the server
 * read untyped JSON (flow data, schemas, partners' requests and answers) with this one test, so an
 * array is never taken for an object in one place and refused in another.
 */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
