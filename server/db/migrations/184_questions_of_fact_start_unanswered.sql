-- The next versions of BSA, DAR, PAR and PNC, each built on its current version and guarded by the names at
-- the paths it changes; earlier versions stay for the records filled in under them. A yes/no question of
-- fact starts unanswered (`noDefault`, docs/decisions/0084) instead of at §9's flag default Y: left as it
-- came, "A bankruptcy application has been filed against you", "A court order forbids you to leave
-- Singapore" (then refused by its rule), "The trip is paid for by someone else", "The claim is secured" and
-- "Employed during the period" were answered Yes for an applicant who had said nothing.
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'BSA', v.version + 1,
       jsonb_set(v.definition, '{pages,0,sections,0,fields,2,noDefault}', 'true')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'BSA'
   AND v.definition #>> '{pages,0,sections,0,fields,2,name}' = 'employed';

INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'DAR', v.version + 1,
       jsonb_set(v.definition, '{pages,2,sections,0,fields,3,noDefault}', 'true')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'DAR'
   AND v.definition #>> '{pages,2,sections,0,fields,3,name}' = 'bankruptcyApplicationFiled';

INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'PAR', v.version + 1,
       jsonb_set(jsonb_set(v.definition, '{pages,0,sections,1,fields,0,noDefault}', 'true'),
                 '{pages,1,sections,0,fields,0,noDefault}', 'true')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'PAR'
   AND v.definition #>> '{pages,0,sections,1,fields,0,name}' = 'sponsored'
   AND v.definition #>> '{pages,1,sections,0,fields,0,name}' = 'travelBanned';

INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'PNC', v.version + 1,
       jsonb_set(v.definition, '{pages,1,sections,0,fields,1,fields,3,noDefault}', 'true')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'PNC'
   AND v.definition #>> '{pages,1,sections,0,fields,1,fields,3,name}' = 'secured';

UPDATE eservices e SET form_version = (SELECT max(w.version) FROM eservice_form_versions w WHERE w.code = e.code)
 WHERE e.code IN ('BSA', 'DAR', 'PAR', 'PNC');
