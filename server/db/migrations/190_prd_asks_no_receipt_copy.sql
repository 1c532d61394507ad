-- The next version of PRD, built on its current version and guarded by the names at the paths it changes;
-- earlier versions stay for the records filled in under them. A refund draws on a receipt the portal issued
-- to the applicant's own profile (docs/decisions/0046): its number finds the payment, and the officer's case
-- view shows that receipt's record, what it received and when (docs/decisions/0087). The form still asked
-- the date of the payment and a copy of the receipt, which told the officer nothing the portal did not know
-- and could only disagree with it.
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'PRD', v.version + 1,
       jsonb_set(
         v.definition #- '{pages,1,sections,1}' #- '{pages,0,sections,0,fields,1}',
         '{pages,0,sections,0,fields,0,hint}',
         '"The number on the receipt for a payment you made through this portal, shown on that application''s Payment panel."')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'PRD'
   AND v.definition #>> '{pages,0,sections,0,fields,0,name}' = 'receiptNumber'
   AND v.definition #>> '{pages,0,sections,0,fields,1,name}' = 'paidOn'
   AND v.definition #>> '{pages,1,sections,1,fields,0,name}' = 'receipts'
   AND jsonb_array_length(v.definition #> '{pages,1,sections,1,fields}') = 1
   AND jsonb_array_length(v.definition #> '{pages,1,sections}') = 2;
UPDATE eservices e SET form_version = (SELECT max(w.version) FROM eservice_form_versions w WHERE w.code = e.code)
 WHERE e.code = 'PRD';
