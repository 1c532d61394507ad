-- The next version of PRD, built on its current version and guarded by the name and words at the path it
-- changes; earlier versions stay for the records filled in under them. The receipt number's hint sent the
-- applicant to "that application's Payment panel", a name no screen uses: the record page heads that part
-- "Payment" (PAYMENT_TEXT.heading), so it is named as the applicant sees it.
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'PRD', v.version + 1,
       jsonb_set(v.definition, '{pages,0,sections,0,fields,0,hint}',
         '"The number on the receipt for a payment you made through this portal, shown in the Payment section of that application''s page."')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'PRD'
   AND v.definition #>> '{pages,0,sections,0,fields,0,name}' = 'receiptNumber'
   AND v.definition #>> '{pages,0,sections,0,fields,0,hint}'
       = 'The number on the receipt for a payment you made through this portal, shown on that application''s Payment panel.';
UPDATE eservices e SET form_version = (SELECT max(w.version) FROM eservice_form_versions w WHERE w.code = e.code)
 WHERE e.code = 'PRD';
