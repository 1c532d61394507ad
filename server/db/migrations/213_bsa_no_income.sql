-- The next version of the bankrupt's statement (BSA), built on its current version and guarded by the names at the
-- paths it changes; earlier versions stay for the drafts and records filled in under them. "Sources of income" asks
-- for at least one choice and the total income may be S$0.00: a bankrupt with no income that month could submit
-- only by ticking a source that is untrue. It now offers "No income in this period", ticked alone, and refused
-- beside a total income above 0 (docs/decisions/0106-a-checkbox-may-rule-out-the-others.md).
INSERT INTO eservice_form_versions (code, version, definition)
SELECT 'BSA', v.version + 1,
       jsonb_set(
         jsonb_insert(v.definition, '{pages,1,sections,0,fields,1,options,-1}',
           '{"value":"none","label":"No income in this period","exclusive":true}', true),
         '{rules}',
         coalesce(v.definition -> 'rules', '[]'::jsonb) ||
         '[{"id":"no-income-but-income","field":"incomeSources",
            "when":[{"field":"incomeSources","op":"includes","value":"none"},
                    {"field":"monthlyIncome","op":"above","value":"0"}],
            "message":"Select where your income came from, or enter a total income of 0 if you had no income in this period"}]')
  FROM eservice_form_versions v JOIN eservices e ON e.code = v.code AND e.form_version = v.version
 WHERE v.code = 'BSA'
   AND v.definition #>> '{pages,1,sections,0,fields,0,name}' = 'monthlyIncome'
   AND v.definition #>> '{pages,1,sections,0,fields,1,name}' = 'incomeSources'
   AND NOT v.definition #> '{pages,1,sections,0,fields,1,options}' @> '[{"value":"none"}]';
UPDATE eservices SET form_version = (SELECT max(version) FROM eservice_form_versions WHERE code = 'BSA')
 WHERE code = 'BSA';
