/**
 * The stand-ins `prepared` (db/prepared.ts) builds a statement with in place of its named values: they
 * compile to parameters, and write-invalidations.ts reads them as the ids a write will name at run time.
 */
const PARAM = Symbol('prepared parameter');

export type Parameter = { readonly [PARAM]: string };

export const parameter = (name: string): Parameter => ({ [PARAM]: name });

export const isParameter = (value: unknown): value is Parameter => typeof value === 'object' && value !== null && PARAM in value;

/** The value given for a stand-in at run time; any other value is a constant of the statement. */
export const valueOf = (value: unknown, values: Record<string, unknown>) => (isParameter(value) ? values[value[PARAM]] : value);

export const nameOf = (value: Parameter) => value[PARAM];
