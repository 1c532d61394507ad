-- The next version of TRA, built on its current version and guarded by the name at the path it changes;
-- earlier versions stay for the records filled in under them. TRA is to "amend or withdraw a travel
-- application that has not yet been approved": the travel application it names must not be decided yet
-- (`undecided`, checked by the server with the profile's records). An approved trip was withdrawn by it.
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'TRA', v.version + 1,
       jsonb_set(v.definition, '{pages,0,sections,0,fields,0,undecided}', 'true')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'TRA'
   AND v.definition #>> '{pages,0,sections,0,fields,0,name}' = 'travelCaseNumber'
   AND v.definition #>> '{pages,0,sections,0,fields,0,recordOf}' = 'PAR';
UPDATE eservices e SET form_version = (SELECT max(w.version) FROM eservice_form_versions w WHERE w.code = e.code)
 WHERE e.code = 'TRA';
