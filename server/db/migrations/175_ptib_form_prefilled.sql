-- Version 3 of the PTIB Profile Update form: its contact number and correspondence address start at the
-- profile's own (the field's prefill), so the applicant changes what is there rather than typing it all
-- again. Version 2 stays as it was for the records filled in under it.
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'PTIB', 3,
       jsonb_set(jsonb_set(definition,
         '{pages,0,sections,0,fields,0,prefill}', '"profile"'),
         '{pages,1,sections,0,fields,0,prefill}', '"profile"')
  FROM eservice_form_versions
 WHERE code = 'PTIB' AND version = 2
   AND definition #>> '{pages,0,sections,0,fields,0,name}' = 'contactNumber'
   AND definition #>> '{pages,1,sections,0,fields,0,name}' = 'correspondenceAddress';
UPDATE eservices SET form_version = 3
 WHERE code = 'PTIB' AND EXISTS (SELECT 1 FROM eservice_form_versions WHERE code = 'PTIB' AND version = 3);
