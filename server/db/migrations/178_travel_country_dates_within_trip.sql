-- Version 3 of the travel amendment (TRA) and the travel return (TRT): each country's dates lie within the
-- trip. TRA's countries are visited between the new departure and return dates; TRT's were left on or before
-- the day the debtor returned. Version 2 stays as it was for the records filled in under it.
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'TRA', 3,
       jsonb_set(jsonb_set(definition,
         '{pages,1,sections,0,fields,3,fields,1,compare}', '[{"op":"gte","field":"newDepartureDate"}]'),
         '{pages,1,sections,0,fields,3,fields,2,compare}',
         '[{"op":"gte","field":"arrivalDate"},{"op":"lte","field":"newReturnDate"}]')
  FROM eservice_form_versions
 WHERE code = 'TRA' AND version = 2
   AND definition #>> '{pages,1,sections,0,fields,1,name}' = 'newDepartureDate'
   AND definition #>> '{pages,1,sections,0,fields,2,name}' = 'newReturnDate'
   AND definition #>> '{pages,1,sections,0,fields,3,fields,1,name}' = 'arrivalDate'
   AND definition #>> '{pages,1,sections,0,fields,3,fields,2,name}' = 'departureDate';
UPDATE eservices SET form_version = 3
 WHERE code = 'TRA' AND EXISTS (SELECT 1 FROM eservice_form_versions WHERE code = 'TRA' AND version = 3);

INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'TRT', 3,
       jsonb_set(jsonb_set(definition,
         '{pages,0,sections,0,fields,4,fields,1,compare}', '[{"op":"lte","field":"returnedOn"}]'),
         '{pages,0,sections,0,fields,4,fields,2,compare}',
         '[{"op":"gte","field":"arrivedOn"},{"op":"lte","field":"returnedOn"}]')
  FROM eservice_form_versions
 WHERE code = 'TRT' AND version = 2
   AND definition #>> '{pages,0,sections,0,fields,1,name}' = 'returnedOn'
   AND definition #>> '{pages,0,sections,0,fields,4,fields,1,name}' = 'arrivedOn'
   AND definition #>> '{pages,0,sections,0,fields,4,fields,2,name}' = 'leftOn';
UPDATE eservices SET form_version = 3
 WHERE code = 'TRT' AND EXISTS (SELECT 1 FROM eservice_form_versions WHERE code = 'TRT' AND version = 3);
