-- The next versions of DAR and PNC, each built on its current version and guarded by the names at the paths it
-- changes; earlier versions stay for the records filled in under them. Both asked an email address, "Notify me
-- by SMS" and a mobile number, as PTIB did before version 4 (docs/decisions/0076): nothing was ever sent to
-- them, since the portal's messages go to the profile's number and the address confirmed under Messages
-- (docs/decisions/0042), yet an applicant who said Yes expected SMS at the number typed. The email address
-- and mobile number stay, as how the officer may reach the applicant (DAR) or the creditor (PNC), and say so;
-- the SMS question goes. DAR's nationality starts unanswered, as a question of fact does (docs/decisions/0084):
-- the country default made every applicant Singaporean until changed.
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'DAR', v.version + 1,
       jsonb_set(
         jsonb_set(
           jsonb_set(v.definition #- '{pages,0,sections,0,fields,5}', '{pages,0,sections,0,fields,5}',
             ((v.definition #> '{pages,0,sections,0,fields,6}') - 'showIf')
               || '{"required": false, "hint": "For the officer to reach the applicant. For example, 91234567."}'),
           '{pages,0,sections,0,fields,4,hint}',
           '"For the officer to reach the applicant about this application. Messages from this portal go where you set them under Messages."'),
         '{pages,0,sections,0,fields,3,noDefault}', 'true')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'DAR'
   AND v.definition #>> '{pages,0,sections,0,fields,3,name}' = 'nationality'
   AND v.definition #>> '{pages,0,sections,0,fields,4,name}' = 'email'
   AND v.definition #>> '{pages,0,sections,0,fields,5,name}' = 'notifyBySms'
   AND v.definition #>> '{pages,0,sections,0,fields,6,name}' = 'mobileNumber'
   AND jsonb_array_length(v.definition #> '{pages,0,sections,0,fields}') = 7;

INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'PNC', v.version + 1,
       jsonb_set(
         jsonb_set(v.definition #- '{pages,0,sections,0,fields,5}', '{pages,0,sections,0,fields,5}',
           ((v.definition #> '{pages,0,sections,0,fields,6}') - 'showIf')
             || '{"required": false, "hint": "For the officer to reach the creditor. For example, 91234567."}'),
         '{pages,0,sections,0,fields,4,hint}',
         '"For the officer to reach the creditor about this claim. Messages from this portal go where you set them under Messages."')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'PNC'
   AND v.definition #>> '{pages,0,sections,0,fields,4,name}' = 'email'
   AND v.definition #>> '{pages,0,sections,0,fields,5,name}' = 'notifyBySms'
   AND v.definition #>> '{pages,0,sections,0,fields,6,name}' = 'mobileNumber'
   AND jsonb_array_length(v.definition #> '{pages,0,sections,0,fields}') = 7;

UPDATE eservices e SET form_version = (SELECT max(w.version) FROM eservice_form_versions w WHERE w.code = e.code)
 WHERE e.code IN ('DAR', 'PNC');
