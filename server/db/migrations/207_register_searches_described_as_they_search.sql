-- The catalogue's Personal Insolvency Search said it searched "by identification number"; its screen searches
-- by name or by NRIC or FIN (docs/decisions/0043, 0055). Bankruptcy Information Search said it covered an
-- individual or a sole proprietorship; it finds companies too (judicial management, winding up), by name or
-- by NRIC, FIN or UEN. The e-service list, the dashboard's shortcuts and site search read these; site search's
-- index is on an expression of the column, so it follows the update.
UPDATE eservices
   SET description = 'Search the register for personal insolvency records of an individual, by name or by NRIC or FIN.'
 WHERE code = 'PIS'
   AND description = 'Search the register for personal insolvency records of an individual by identification number.';

UPDATE eservices
   SET description = 'Search bankruptcy and other insolvency information about an individual or a business (a sole proprietorship or a company), by name or by NRIC, FIN or UEN.'
 WHERE code = 'BIS'
   AND description = 'Search bankruptcy information about an individual or a sole proprietorship.';
