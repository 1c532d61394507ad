-- The next version of the bankrupt's statement (BSA), built on its current version and guarded by the name at the
-- path it changes; earlier versions stay for the drafts and records filled in under them. Payslips were asked of
-- every bankrupt, also of one who answered "Employed during the period: No": they are now asked only of one
-- employed. A file uploaded to them before the answer changed stays with the draft and is not sent
-- (docs/decisions/0110-a-file-on-a-question-that-does-not-apply-is-not-sent.md).
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'BSA', v.version + 1,
       jsonb_set(v.definition, '{pages,2,sections,0,fields,4,showIf}',
                 '{"field":"employed","op":"equals","value":"Y"}')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'BSA'
   AND v.definition #>> '{pages,0,sections,0,fields,2,name}' = 'employed'
   AND v.definition #>> '{pages,2,sections,0,fields,4,name}' = 'payslips'
   AND NOT v.definition #> '{pages,2,sections,0,fields,4}' ? 'showIf';
UPDATE eservices SET form_version = (SELECT max(version) FROM eservice_form_versions WHERE code = 'BSA')
 WHERE code = 'BSA';
