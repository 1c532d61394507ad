import { APPLICATION_CODES } from '#contract/index.ts';
import { REGISTER_SERVICES, WATCHLIST_SERVICE } from '#contract/register.ts';

/** The e-services used on screens of their own (docs/decisions/0043): the register's searches, the watchlist. */
export const OWN_SCREEN_CODES: readonly string[] = [...REGISTER_SERVICES, WATCHLIST_SERVICE];

/** The application codes whose e-service is a form on the generic screen (#/generic?app=CODE). */
export const FORM_CODES = APPLICATION_CODES.filter((code) => !OWN_SCREEN_CODES.includes(code));
