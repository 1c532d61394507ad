-- The next version of PTIB, built on its current version and guarded by the name and type at the path it
-- changes; earlier versions stay for the records filled in under them. An approved profile update makes its
-- number the profile's mobile number (docs/decisions/0076), where SMS messages and sign-in codes go, but the
-- question took any phone number: an office landline became the number every SMS was sent to. It now asks a
-- Singapore mobile number, and says what it is for.
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'PTIB', v.version + 1,
       jsonb_set(v.definition, '{pages,0,sections,0,fields,0}',
         (v.definition #> '{pages,0,sections,0,fields,0}') || jsonb_build_object(
           'type', 'mobile',
           'label', 'Mobile number',
           'hint', 'We send SMS messages about your records, and sign-in codes, to this number. Whether we tell you by email or SMS is set under Messages.'))
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'PTIB'
   AND v.definition #>> '{pages,0,sections,0,fields,0,name}' = 'contactNumber'
   AND v.definition #>> '{pages,0,sections,0,fields,0,type}' = 'phone';
UPDATE eservices e SET form_version = (SELECT max(w.version) FROM eservice_form_versions w WHERE w.code = e.code)
 WHERE e.code = 'PTIB';

-- A number that is not a Singapore mobile, approved under an earlier version, leaves the profile's own.
ALTER TABLE profile_updates ALTER COLUMN mobile_num DROP NOT NULL;
