-- Stricter form fields (docs/decisions/0034), changed in place so an operator's other edits of these
-- forms are kept:
-- - a case number a form refers to is checked as one (format caseNumber), and the server finds it
--   among the acting profile's records: a travel amendment or return names a travel application (PAR);
-- - a payment, deposit, refund, claim, demand or repayment of 0 is none: those amounts start at 0.01;
-- - a traveller does not travel to where they are: the destination starts unchosen, not Singapore.

CREATE FUNCTION pg_temp.patch_field(form jsonb, field text, patch jsonb) RETURNS jsonb
LANGUAGE sql AS $$
  SELECT jsonb_set(form, '{fields}', (
    SELECT jsonb_agg(CASE WHEN f->>'name' = field THEN f || patch ELSE f END ORDER BY i)
      FROM jsonb_array_elements(form->'fields') WITH ORDINALITY AS x(f, i)))
$$;

UPDATE eservices
   SET form = pg_temp.patch_field(form, 'travelCaseNumber',
         '{"format": "caseNumber", "caseOf": "PAR", "hint": "The case number of your Permission to Travel Abroad application, for example PR 000042 2026."}')
 WHERE code IN ('TRA', 'TRT');

UPDATE eservices
   SET form = pg_temp.patch_field(form, 'watchedCaseNumber',
         '{"format": "caseNumber", "hint": "A case number of one of your records, for example PD 000042 2026."}')
 WHERE code = 'ICAWL';

UPDATE eservices SET form = pg_temp.patch_field(form, 'depositAmount', '{"min": 0.01}') WHERE code = 'PCD';
UPDATE eservices SET form = pg_temp.patch_field(form, 'refundAmount', '{"min": 0.01}') WHERE code = 'PRD';
UPDATE eservices SET form = pg_temp.patch_field(form, 'claimAmount', '{"min": 0.01}') WHERE code = 'PNC';
UPDATE eservices SET form = pg_temp.patch_field(form, 'amountDemanded', '{"min": 0.01}') WHERE code = 'SDNE';
UPDATE eservices SET form = pg_temp.patch_field(form, 'proposedRepayment', '{"min": 0.01}') WHERE code = 'DAR';
UPDATE eservices SET form = pg_temp.patch_field(form, 'paymentAmount', '{"min": 0.01}') WHERE code = 'PD';

UPDATE eservices SET form = pg_temp.patch_field(form, 'destinationCountry', '{"default": ""}') WHERE code = 'PAR';
