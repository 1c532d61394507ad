import { APPLICATION_CODES } from '#contract/index.ts';
import { OWN_SCREEN_CODES } from '#contract/register.ts';

/** The application codes whose e-service is a form on the generic screen (#/generic?app=CODE). */
export const FORM_CODES = APPLICATION_CODES.filter((code) => !OWN_SCREEN_CODES.includes(code));
