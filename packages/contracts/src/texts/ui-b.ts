/**
 * Interface texts the specification does not list, added when every screen moved to the catalogue
 * (issue 19). English source; German in apps/server/src/modules/reference/locales/de-ui-b.ts.
 */
export const uiTextsB = {} as const;
