/**
 * The figures an appraisal request or assignment states about the property, as the forms and the API both
 * bound them: a mortgage lends part of the property's value, at most all of it, and the value's upper
 * bound only stops a mistyped figure from reaching an appraiser.
 */
export const LTV_PERCENT = { least: 1, most: 100 } as const;
export const EXPECTED_VALUE_DOLLARS = { least: 1, most: 1_000_000_000 } as const;
