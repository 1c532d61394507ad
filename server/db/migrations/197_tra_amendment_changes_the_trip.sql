-- The next version of TRA, built on its current version and guarded by the names at the paths it reads;
-- earlier versions stay for the records filled in under them. An amendment answered "Keep the other details
-- as applied for: Yes" was sent with no new dates and no countries: an amendment that amended nothing,
-- which the officer could only refuse or ask about. Its Yes stays the question's start (docs/decisions/0084);
-- a blocking rule refuses it at submission, beside the question, and says what an amendment needs.
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'TRA', v.version + 1,
       jsonb_set(v.definition, '{rules}', coalesce(v.definition -> 'rules', '[]'::jsonb) || jsonb_build_array(
         jsonb_build_object(
           'id', 'amendment-changes-nothing',
           'when', '[{"field": "action", "op": "equals", "value": "amend"},
                     {"field": "keepOtherDetails", "op": "equals", "value": "Y"}]'::jsonb,
           'field', 'keepOtherDetails',
           'message', 'Select No and give the new dates and countries: an amendment that keeps every detail changes nothing. To cancel the trip, withdraw the application instead')))
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'TRA'
   AND v.definition #>> '{pages,0,sections,0,fields,1,name}' = 'action'
   AND v.definition #>> '{pages,1,sections,0,fields,0,name}' = 'keepOtherDetails';
UPDATE eservices e SET form_version = (SELECT max(w.version) FROM eservice_form_versions w WHERE w.code = e.code)
 WHERE e.code = 'TRA';
