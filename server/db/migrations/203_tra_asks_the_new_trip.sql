-- The next version of TRA, built on its current version and guarded by the names at the paths it changes;
-- earlier versions stay for the records filled in under them. An amendment asked "Keep the other details as
-- applied for", and since version 5 (migration 197) refused Yes, since an amendment that keeps every detail
-- changes nothing: a question with one acceptable answer, which started at the refused one
-- (docs/decisions/0084). An amendment now asks the new dates and countries straight away; a withdrawal asks
-- no trip at all, as before.
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'TRA', v.version + 1,
       jsonb_set(
         v.definition #- '{pages,1,sections,0,fields,0}'
           #- '{pages,1,sections,0,fields,0,showIf}'
           #- '{pages,1,sections,0,fields,1,showIf}'
           #- '{pages,1,sections,0,fields,2,showIf}',
         '{rules}',
         coalesce((SELECT jsonb_agg(r) FROM jsonb_array_elements(v.definition -> 'rules') r
                    WHERE r ->> 'id' <> 'amendment-changes-nothing'), '[]'::jsonb))
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'TRA'
   AND v.definition #>> '{pages,1,sections,0,fields,0,name}' = 'keepOtherDetails'
   AND v.definition #>> '{pages,1,sections,0,fields,1,name}' = 'newDepartureDate'
   AND v.definition #>> '{pages,1,sections,0,fields,2,name}' = 'newReturnDate'
   AND v.definition #>> '{pages,1,sections,0,fields,3,name}' = 'countries'
   AND v.definition #>> '{pages,1,sections,0,fields,1,showIf,field}' = 'keepOtherDetails'
   AND v.definition #>> '{pages,1,sections,0,fields,2,showIf,field}' = 'keepOtherDetails'
   AND v.definition #>> '{pages,1,sections,0,fields,3,showIf,field}' = 'keepOtherDetails'
   AND jsonb_array_length(v.definition #> '{pages,1,sections,0,fields}') = 4;
UPDATE eservices e SET form_version = (SELECT max(w.version) FROM eservice_form_versions w WHERE w.code = e.code)
 WHERE e.code = 'TRA';
