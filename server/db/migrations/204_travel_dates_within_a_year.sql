-- The next versions of PAR and TRA, each built on its current version and guarded by the names at the paths it
-- changes; earlier versions stay for the records filled in under them. PAR refused a departure more than 365
-- days ahead, but an amendment (TRA) could move it to any year, 9999 included; and neither form bounded the
-- return, so a slip of the keyboard (2062 for 2026) went to the officer as a trip of decades. An amendment's new
-- departure is held to PAR's 365 days, and a return, in both, to no more than 365 days after the departure.
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'PAR', v.version + 1,
       jsonb_set(v.definition, '{pages,0,sections,0,fields,2,compare}',
         (v.definition #> '{pages,0,sections,0,fields,2,compare}')
           || '[{"op": "lte", "field": "departureDate", "days": 365}]'::jsonb)
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'PAR'
   AND v.definition #>> '{pages,0,sections,0,fields,1,name}' = 'departureDate'
   AND v.definition #>> '{pages,0,sections,0,fields,2,name}' = 'returnDate'
   AND jsonb_typeof(v.definition #> '{pages,0,sections,0,fields,2,compare}') = 'array';

INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'TRA', v.version + 1,
       jsonb_set(
         jsonb_set(v.definition, '{pages,1,sections,0,fields,0,maxDaysAhead}', '365'),
         '{pages,1,sections,0,fields,1,compare}',
         (v.definition #> '{pages,1,sections,0,fields,1,compare}')
           || '[{"op": "lte", "field": "newDepartureDate", "days": 365}]'::jsonb)
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'TRA'
   AND v.definition #>> '{pages,1,sections,0,fields,0,name}' = 'newDepartureDate'
   AND v.definition #>> '{pages,1,sections,0,fields,1,name}' = 'newReturnDate'
   AND jsonb_typeof(v.definition #> '{pages,1,sections,0,fields,1,compare}') = 'array';

UPDATE eservices e SET form_version = (SELECT max(w.version) FROM eservice_form_versions w WHERE w.code = e.code)
 WHERE e.code IN ('PAR', 'TRA');
