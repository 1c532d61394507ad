-- The next version of PTIB, built on its current version and guarded by the names at the paths it changes;
-- earlier versions stay for the records filled in under them. An approved profile update changes the
-- profile's contact number and correspondence address (docs/decisions/0076); it also asked an email
-- address, whether to be told by SMS and a mobile number, and changed none of them: the applicant was left
-- thinking the portal would now write to the new address. Email and SMS are chosen under Messages, where
-- an address is confirmed by a code before anything goes to it (docs/decisions/0042); the contact number's
-- hint says so.
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'PTIB', v.version + 1,
       jsonb_set(
         v.definition #- '{pages,0,sections,0,fields,3}' #- '{pages,0,sections,0,fields,2}'
                      #- '{pages,0,sections,0,fields,1}',
         '{pages,0,sections,0,fields,0,hint}',
         '"Your email address, and whether we tell you about your records by email or SMS, are set under Messages."')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'PTIB'
   AND v.definition #>> '{pages,0,sections,0,fields,0,name}' = 'contactNumber'
   AND v.definition #>> '{pages,0,sections,0,fields,1,name}' = 'email'
   AND v.definition #>> '{pages,0,sections,0,fields,2,name}' = 'notifyBySms'
   AND v.definition #>> '{pages,0,sections,0,fields,3,name}' = 'mobileNumber'
   AND jsonb_array_length(v.definition #> '{pages,0,sections,0,fields}') = 4;
UPDATE eservices e SET form_version = (SELECT max(w.version) FROM eservice_form_versions w WHERE w.code = e.code)
 WHERE e.code = 'PTIB';
