/** Ajv format names the request schemas use and the server's Ajv defines (server/resources/ajv.ts). */

/** Format name of a named validator applied to numbers (see messages.ts). */
export const numericFormat = (name: string) => `v-${name}`;

/** Filter bounds of date-time fields may be whole days or instants. */
export const DATE_OR_DATE_TIME = 'date-or-date-time';
